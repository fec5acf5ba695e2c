import {
  APPLICATIONS_SVC,
  CALLBACK_REQUEST_TEXTS,
  CALLBACK_TEXTS,
  callbackShiftDays,
  canManageClearing,
  LOGIN_MESSAGES,
  routeOf,
  STATUS_PAGE_MESSAGES,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Administrator the gateway forwarded (the one who sets Clearing up); else 403. */
const administrator = (request: FastifyRequest) => {
  const user = staffUserFromRequest(request);
  if (!user || !canManageClearing(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  return user;
};

/**
 * Callbacks the applicant books by the status page's hash (list free slots, book or move,
 * cancel), calls booked from the course page by someone who has not applied (by their private
 * token), and the advisers on shift per hour an Administrator sets, with the days the Settings
 * page shows from this clock (the browser's may differ). `now` is the clock (the Clearing clock;
 * tests set their own).
 */
export const callbackRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (fastify, { now = () => new Date() }) => {
  const repo = () => fastify.callbacksRepository;

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackSlots),
    handler: async (request) => {
      const answer = await repo().slots(request.params.hash, now());
      if (!answer) throw new HttpError(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
      return answer;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackBook),
    handler: async (request) => {
      const result = await repo().book(request.params.hash, new Date(request.body.START), now());
      if (result.kind === 'not-found') throw new HttpError(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
      if (result.kind === 'not-a-slot') throw new HttpError(400, CALLBACK_TEXTS.NOT_A_SLOT);
      if (result.kind === 'full') throw new HttpError(409, CALLBACK_TEXTS.SLOT_TAKEN);
      request.log.info({ start: result.booking.START }, 'callback booked');
      fastify.outboxRelay.kick();
      return result.booking;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackCancel),
    handler: async (request) => {
      if (!(await repo().cancel(request.params.hash, now()))) throw new HttpError(404, CALLBACK_TEXTS.NO_BOOKING);
      fastify.outboxRelay.kick();
      const answer = await repo().slots(request.params.hash, now());
      if (!answer) throw new HttpError(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
      return answer;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackFree),
    handler: async () => repo().freeSlots(now()),
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackRequestBook),
    handler: async (request, reply) => {
      const result = await repo().bookRequest(request.body, now());
      if (result.kind === 'not-a-slot') throw new HttpError(400, CALLBACK_TEXTS.NOT_A_SLOT);
      if (result.kind === 'full') throw new HttpError(409, CALLBACK_TEXTS.SLOT_TAKEN);
      request.log.info({ start: result.booking.START, course: request.body.UCAS_CODE }, 'callback booked from the course page');
      fastify.outboxRelay.kick();
      return reply.code(201).send({ ...result.booking, TOKEN: result.token });
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackRequestPage),
    handler: async (request) => {
      const answer = await repo().requestPage(request.params.token, now());
      if (!answer) throw new HttpError(404, CALLBACK_REQUEST_TEXTS.NOT_FOUND);
      return answer;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackRequestMove),
    handler: async (request) => {
      const result = await repo().moveRequest(request.params.token, new Date(request.body.START), now());
      if (result.kind === 'not-found') throw new HttpError(404, CALLBACK_REQUEST_TEXTS.NOT_FOUND);
      if (result.kind === 'not-a-slot') throw new HttpError(400, CALLBACK_TEXTS.NOT_A_SLOT);
      if (result.kind === 'full') throw new HttpError(409, CALLBACK_TEXTS.SLOT_TAKEN);
      fastify.outboxRelay.kick();
      return result.booking;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackRequestCancel),
    handler: async (request) => {
      if (!(await repo().cancelRequest(request.params.token, now()))) throw new HttpError(404, CALLBACK_TEXTS.NO_BOOKING);
      fastify.outboxRelay.kick();
      const answer = await repo().requestPage(request.params.token, now());
      if (!answer) throw new HttpError(404, CALLBACK_REQUEST_TEXTS.NOT_FOUND);
      return answer;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackCapacity),
    handler: async (request) => {
      administrator(request);
      const at = now();
      return { rows: await repo().capacity(at), days: callbackShiftDays(at) };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.callbackCapacityUpdate),
    handler: async (request) => {
      const user = administrator(request);
      await repo().setCapacity(request.body.rows, user.username);
      const at = now();
      return { rows: await repo().capacity(at), days: callbackShiftDays(at) };
    },
  });
};
