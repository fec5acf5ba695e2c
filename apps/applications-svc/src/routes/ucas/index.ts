import { APPLICATIONS_SVC, canManageClearing, routeOf, UCAS_CSV_MAX_CHARS, UCAS_TEXTS } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Administrator the gateway forwarded; else 403 (UCAS imports and lapses change every course's offers). */
const administrator = (request: FastifyRequest) => {
  const user = staffUserFromRequest(request);
  if (!user || !canManageClearing(user)) throw new HttpError(403, UCAS_TEXTS.FORBIDDEN);
  return user;
};

/**
 * UCAS reconciliation (docs/domain/ucas-reconciliation.md): an Administrator's import of UCAS's
 * export, the screen's lists, the confirmation of a lapsed offer, and marking a row not matched dealt with.
 */
export const ucasRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.ucasImport),
    // UCAS's export as JSON text: up to UCAS_CSV_MAX_CHARS characters, beyond Fastify's default 1 MiB.
    bodyLimit: 2 * UCAS_CSV_MAX_CHARS + 64 * 1024,
    handler: async (request) => {
      const user = administrator(request);
      const result = await fastify.ucas.importCsv({ csv: request.body.CSV, fileName: request.body.FILE_NAME, source: 'upload', importedBy: user.username });
      request.log.info({ matched: result.MATCHED, unmatched: result.UNMATCHED, lapsing: result.LAPSING }, 'UCAS choices imported');
      fastify.outboxRelay.kick();
      return result;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.ucasOverview),
    handler: async (request) => {
      administrator(request);
      return fastify.ucas.overview();
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.ucasConfirmLapse),
    handler: async (request) => {
      const user = administrator(request);
      const result = await fastify.ucas.confirmLapse(
        Number(request.params.applicationId),
        request.body.UCAS_CODE,
        request.body.courseFacts,
        user.username,
        fastify.intakeCycle.endOf,
      );
      if (result.kind === 'not-lapsed') throw new HttpError(404, UCAS_TEXTS.LAPSE_NOT_FOUND);
      await fastify.workQueue.close(result.applicationId);
      fastify.outboxRelay.kick();
      return fastify.ucas.overview();
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.ucasUnmatchedDealtWith),
    handler: async (request) => {
      const user = administrator(request);
      const marked = await fastify.ucas.markUnmatchedDealtWith(Number(request.params.id), user.username, request.body.NOTE);
      if (!marked) throw new HttpError(404, UCAS_TEXTS.UNMATCHED_NOT_OPEN);
      return fastify.ucas.overview();
    },
  });
};
