import { APPLICATIONS_SVC, COURSES_SVC, placesLeft, type CourseDetailResponse } from '@clearing-desk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How long the gateway's start waits for the places backfill before it listens anyway (and goes on trying). */
const BACKFILL_START_WAIT_MS = 5_000;
/** Between tries of a backfill that failed (a service not up yet). */
const BACKFILL_RETRY_MS = 5_000;

/**
 * The gateway's side of places (domain.md "Places"): applications-svc's places module owns taking
 * and returning a place; the gateway asks it, never courses-svc's projection, when a check turns on
 * places left, and runs the one-off backfill that creates each course's ledger.
 */
export function createPlaces(fastify: FastifyInstance) {
  return {
    /**
     * The course as read from courses-svc with VACANCIES_INTERNAL from applications-svc's ledger
     * (the projection follows the ledger within a second, so a check on it could disagree with
     * the store): one call to the ledger. A course the ledger does not know yet keeps its own.
     */
    async withLedgerPlaces(request: FastifyRequest, detail: CourseDetailResponse): Promise<CourseDetailResponse> {
      const { rows } = await fastify.services.applications.send(request, APPLICATIONS_SVC.placesLedgers, {
        body: { courses: [detail.courseData.UCAS_CODE.toUpperCase()] },
      });
      const ledger = rows[0];
      return ledger ? { ...detail, courseData: { ...detail.courseData, VACANCIES_INTERNAL: ledger.VACANCIES_INTERNAL } } : detail;
    },

    /**
     * Course control's answer after a save: the course as courses-svc saved it (the owner of
     * CLEARING_PLACES and OFFER_ALLOWANCE) with VACANCIES_INTERNAL the places left those settings
     * give with the offers the ledger counts (contracts' placesLeft): what the ledger shows once it
     * has taken the change's event, a moment later. With the ledger unreachable (the change is
     * saved and its event waits) or not knowing the course, the course as saved.
     */
    async afterControl(request: FastifyRequest, saved: CourseDetailResponse): Promise<CourseDetailResponse> {
      const { courseData } = saved;
      const ledger = await fastify.services.applications
        .send(request, APPLICATIONS_SVC.placesLedgers, { body: { courses: [courseData.UCAS_CODE.toUpperCase()] } })
        .then(({ rows }) => rows[0])
        .catch((err: unknown) => {
          request.log.warn({ err }, 'places ledger unreachable after a course-control save; the course answered as saved');
          return undefined;
        });
      if (!ledger) return saved;
      const left = placesLeft({ CLEARING_PLACES: courseData.CLEARING_PLACES, OFFER_ALLOWANCE: courseData.OFFER_ALLOWANCE, OFFERS: ledger.OFFERS });
      return { ...saved, courseData: { ...courseData, VACANCIES_INTERNAL: left } };
    },

    /**
     * The one-off places backfill: the courses whose places the ledger never sent (courses-svc
     * answers those with places_version 0) go to applications-svc, which creates their ledgers
     * from their VACANCIES_INTERNAL (and leaves any it has alone). Once every course has a ledger
     * courses-svc answers none and nothing is sent. Answers the codes created.
     * @throws the service error when either service cannot be reached.
     */
    async backfill(request: FastifyRequest): Promise<string[]> {
      const { courses } = await fastify.services.courses.send(request, COURSES_SVC.placesBackfill);
      if (courses.length === 0) return [];
      const { created } = await fastify.services.applications.send(request, APPLICATIONS_SVC.placesBackfill, { body: { courses } });
      return created;
    },
  };
}
export type Places = ReturnType<typeof createPlaces>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway's side of places (places/places.ts). */
    places: Places;
  }
}

/**
 * Decorates `fastify.places` and runs the one-off backfill at start: before the gateway listens
 * (waiting up to BACKFILL_START_WAIT_MS, so a stack started in order counts places from its first
 * request), then every BACKFILL_RETRY_MS until it has succeeded once (services still starting).
 */
export const placesPlugin = fp(
  async (fastify) => {
    const places = createPlaces(fastify);
    fastify.decorate('places', places);
    // The backfill is no client's call: a request of its own carries its id and log to the services.
    const request = { id: 'places-backfill', log: fastify.log.child({ component: 'places-backfill' }), staffUser: undefined } as unknown as FastifyRequest;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const attempt = async (): Promise<boolean> => {
      try {
        const created = await places.backfill(request);
        if (created.length > 0) request.log.info({ courses: created.length }, 'places ledgers created for the courses they lacked');
        return true;
      } catch (err) {
        request.log.warn({ err }, 'places backfill not done yet; trying again');
        return false;
      }
    };
    const retry = () => {
      if (closed) return;
      timer = setTimeout(() => void attempt().then((done) => done || retry()), BACKFILL_RETRY_MS);
      timer.unref();
    };
    fastify.addHook('onReady', async () => {
      const wait = new Promise<false>((resolve) => setTimeout(() => resolve(false), BACKFILL_START_WAIT_MS).unref());
      const first = attempt();
      if (!(await Promise.race([first, wait]))) void first.then((done) => done || retry());
    });
    fastify.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  },
  { name: 'places', dependencies: ['service-clients'] },
);
