import { FILES_SVC, routeOf } from '@clearing-desk/contracts';
import { HttpError, personalRows } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERSONAL_TABLES } from '../../db/personal-data';
import type { FilesConfig } from '../../config';
import { ClaimRefusedError, toMetadata } from '../../repositories/files-repository';
import { contentDisposition } from '../../storage/file-name';
import { handleUpload } from './upload';

/**
 * Document uploads: the endpoints of contracts' FILES_SVC, reached only through the
 * gateway (internal token): the upload itself, binding uploads to an application, and reading
 * them back.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ config: FilesConfig }> = async (fastify, { config }) => {
  // Subject access: every column of the person's rows of each personal table (db/personal-data.ts).
  fastify.route({
    ...routeOf(FILES_SVC.subjectAccess),
    handler: async (request) => ({ tables: await personalRows(fastify.db, PERSONAL_TABLES, request.body) }),
  });

  fastify.route({
    ...routeOf(FILES_SVC.upload),
    handler: async (request, reply) => {
      try {
        return await handleUpload(fastify, config, request);
      } catch (err) {
        // The shared error handler hides 5xx messages; these two are meant for the applicant.
        if (err instanceof HttpError && err.statusCode === 503) return reply.status(503).send({ message: err.message });
        throw err;
      }
    },
  });

  // A refusal answers a code of the contracts (FILE_NOT_FOUND, FILE_NOT_CLEAN, FILE_ALREADY_CLAIMED)
  // and the refused token's index: the gateway never parses the message.
  fastify.route({
    ...routeOf(FILES_SVC.claim),
    handler: async (request, reply) => {
      try {
        const rows = await fastify.filesRepository.claim(request.body);
        return { files: rows.map(toMetadata) };
      } catch (err) {
        if (!(err instanceof ClaimRefusedError)) throw err;
        request.log.info({ code: err.code, index: err.index }, 'claim refused');
        return reply.status(409).send({ message: err.message, code: err.code, index: err.index });
      }
    },
  });

  /** Unbinds the files of a submission the gateway claimed for but whose store was refused. */
  fastify.route({
    ...routeOf(FILES_SVC.release),
    handler: async (request) => {
      const rows = await fastify.filesRepository.release(request.body.owner);
      if (rows.length > 0) request.log.info({ owner: request.body.owner, released: rows.length }, 'claimed files released');
      return { files: rows.map(toMetadata) };
    },
  });

  fastify.route({
    ...routeOf(FILES_SVC.list),
    handler: async (request) => {
      const rows = await fastify.filesRepository.listByOwner(request.query.owner);
      return { files: rows.map(toMetadata) };
    },
  });

  fastify.route({
    ...routeOf(FILES_SVC.content),
    handler: async (request, reply) => {
      const { fileId } = request.params;
      const row = await fastify.filesRepository.findOwnedClean(fileId, request.query.owner);
      if (!row) throw new HttpError(404, 'File not found');
      if ((await fastify.blobs.locate(fileId)) !== 'clean') {
        request.log.error({ fileId }, 'clean file has no blob in clean/');
        throw new HttpError(404, 'File not found');
      }
      return reply
        .header('content-type', row.fileType)
        .header('content-length', row.fileSize)
        .header('content-disposition', contentDisposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(fastify.blobs.openClean(fileId));
    },
  });
};
