import {
  APPLICATIONS_SVC,
  routeOf,
  canManageClearing,
  LOGIN_MESSAGES,
  nextCycle,
  publicClearingState,
  type ClearingStatusResponse,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The user the gateway forwarded, when they may open and close Clearing; else 403 (checked here too, not only at the gateway). */
const clearingManager = (request: FastifyRequest) => {
  const user = staffUserFromRequest(request);
  if (!user || !canManageClearing(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  return user;
};

/**
 * Clearing as the public meets it (spec section 4's open/closed state): the Administrator's
 * setting inside the current cycle's Clearing window, closed outside it (publicClearingState, on
 * the service's clock), with the setting and the cycle beside it for staff screens.
 */
export async function clearingStatusNow(fastify: FastifyInstance, today: () => string): Promise<ClearingStatusResponse> {
  const [setting, cycle] = await Promise.all([fastify.clearingStatusRepository.get(), fastify.cycleRepository.current()]);
  if (!cycle) return { ...setting, setting };
  return { ...publicClearingState(setting, cycle, today()), setting, cycle };
}

/**
 * Clearing open/closed setting, read by the gateway's /api/admin/status and /api/ping, changed by
 * Administrators; and the recruitment cycle, which Administrators roll. `today` is the calendar
 * date of the service's clock (CLEARING_CLOCK).
 */
export const statusRoutes: FastifyPluginAsyncZod<{ today: () => string }> = async (fastify, { today }) => {
  fastify.route({ ...routeOf(APPLICATIONS_SVC.status), handler: async () => clearingStatusNow(fastify, today) });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.statusUpdate),
    handler: async (request) => {
      const user = clearingManager(request);
      await fastify.clearingStatusRepository.set(request.body, user.username);
      request.log.info({ username: user.username, state: request.body.state }, 'clearing setting changed');
      return clearingStatusNow(fastify, today);
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.statusAudit),
    handler: async (request) => {
      clearingManager(request);
      return { rows: await fastify.clearingStatusRepository.audit() };
    },
  });

  /** The current cycle, the next one a roll makes (nextCycle) and the rolls so far. */
  const cycleAnswer = async () => {
    const current = await fastify.cycleRepository.current();
    if (!current) throw new HttpError(503, 'The recruitment cycle is not stored yet: try again in a moment.');
    const { IN_WINDOW: _inWindow, ...cycle } = current;
    return { current, next: nextCycle(cycle), rolls: await fastify.cycleRepository.rolls() };
  };

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.cycle),
    handler: async (request) => {
      clearingManager(request);
      return cycleAnswer();
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.cycleRoll),
    handler: async (request) => {
      const user = clearingManager(request);
      const next = await fastify.cycleRepository.roll(request.body.FROM, user.username);
      request.log.info({ username: user.username, from: request.body.FROM, to: next.NAME }, 'recruitment cycle rolled');
      fastify.outboxRelay.kick();
      return cycleAnswer();
    },
  });
};
