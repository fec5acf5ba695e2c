import {
  ASSESSMENT_SVC,
  courseOpenRefusal,
  COURSES_SVC,
  describeIssues,
  ibDiplomaTotal,
  validateQualificationItems,
  type AlternativeCandidate,
  type Assessment,
  type AssessForm,
  type CourseDetailResponse,
  type CourseOpenFields,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

/**
 * How long a course (with the user's access) and a school's course rows are reused, in ms. An
 * assessment is advice shown while the form is filled in, so a course suspended or closed this
 * second may still be assessed for up to a second; submitting reads the course again (`fresh`).
 * Without it every keystroke-driven assessment costs courses-svc two database reads.
 */
export const ASSESS_CACHE_TTL_MS = 1000;
const ASSESS_CACHE_MAX_ENTRIES = 5000;
/**
 * A per-process cache of promises (lru-cache: size bound and TTL): concurrent misses share one
 * load, and a failed load is dropped at once so the next call tries again. `replace` loads even on
 * a hit and keeps the new value.
 */
function shortLivedCache<T extends object>(ttlMs: number, maxEntries: number) {
  const entries = new LRUCache<string, Promise<T>>({ max: maxEntries, ttl: ttlMs });
  return (key: string, load: () => Promise<T>, { replace = false }: { replace?: boolean } = {}): Promise<T> => {
    const hit = replace ? undefined : entries.get(key);
    if (hit) return hit;
    const value = load();
    entries.set(key, value);
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    return value;
  };
}

type AssessCaches = {
  courseCache: ReturnType<typeof shortLivedCache<CourseDetailResponse>>;
  candidateCache: ReturnType<typeof shortLivedCache<AlternativeCandidate[]>>;
};
const appCaches = new WeakMap<object, AssessCaches>();

/**
 * The short-lived caches of one app, shared by every route plugin's gateway (assess, apply, the
 * staff saves): keyed by the app's service clients, which all its plugins share. So a submit's
 * fresh read of a course is what the assessment right after it sees (the form that
 * re-assesses after the last place went loses O at once, not a second later).
 */
function cachesOf(services: object): AssessCaches {
  let caches = appCaches.get(services);
  if (!caches) {
    caches = {
      courseCache: shortLivedCache<CourseDetailResponse>(ASSESS_CACHE_TTL_MS, ASSESS_CACHE_MAX_ENTRIES),
      candidateCache: shortLivedCache<AlternativeCandidate[]>(ASSESS_CACHE_TTL_MS, ASSESS_CACHE_MAX_ENTRIES),
    };
    appCaches.set(services, caches);
  }
  return caches;
}

/** An assessment and the candidate course rows it was given (empty unless the light is red): its ALTERNATE codes are among them. */
export type AssessOutcome = {
  result: Assessment;
  /** assessment-svc's JSON text of `result` (validated), for a route that sends it on as it is. */
  resultJson: string;
  candidates: AlternativeCandidate[];
};

/**
 * What POST /api/apply/{course}/assess and POST /api/apply/{course} share, so that a submission is
 * assessed exactly as the form was: services never call each other, so the gateway gathers what
 * the stateless assessment-svc needs from courses-svc.
 */
export function createAssessmentGateway(fastify: FastifyInstance) {
  const { courseCache, candidateCache } = cachesOf(fastify.services);

  // Staff see and choose by places left as the ledger counts them (the assess screen's buttons); the
  // public's submit checks the ledger in its own step (submit facts), so its assessment reads the course alone.
  const loadCourse = async (request: FastifyRequest, code: string) => {
    const detail = await fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id: code } });
    return request.staffUser ? fastify.places.withLedgerPlaces(request, detail) : detail;
  };

  return {
    /**
     * The course with its qualOptions and the user's access (404 passes through); for staff with
     * VACANCIES_INTERNAL from applications-svc's places ledger (places.withLedgerPlaces). Reused for
     * ASSESS_CACHE_TTL_MS unless `fresh`; `access` depends on the user, so the user is in the key.
     * A fresh read (a submit's) replaces the cached one: the assessment that follows a refused
     * submit (the form re-assessing after the last place went) sees what the submit saw.
     */
    course(request: FastifyRequest, code: string, options: { fresh?: boolean } = {}): Promise<CourseDetailResponse> {
      return courseCache(`${request.staffUser?.username ?? ''}|${code.toUpperCase()}`, () => loadCourse(request, code), { replace: options.fresh === true });
    },

    /**
     * Refuses a course that takes no applications with 409 and the code of contracts'
     * courseOpenRefusal (the one course-open rule): COURSE_SUSPENDED or COURSE_CLOSED; for staff
     * taking a call, staffCourseClosedCode (a course the places guard closed stays open to them).
     */
    assertOpen(course: CourseOpenFields, who: 'public' | 'staff' = 'public'): void {
      const refusal = courseOpenRefusal(course, who);
      if (refusal) throw new HttpError(refusal.status, refusal.message);
    },

    /**
     * Assesses the assessable part of a form against the course: checks the qualification items
     * against the course (400 naming the field), then posts to assessment-svc. Only a red result
     * needs alternatives, so only then are the candidates fetched from courses-svc (the open
     * courses nearest this one whose accepted tariff, or IB score, the form could meet, with their
     * qualOptions: GET /courses/candidates with `near`) and the assessment asked again with them
     * as they come: assessment-svc alone decides which of them the same form passes and in what
     * order (ALTERNATE).
     */
    async assess(request: FastifyRequest, detail: CourseDetailResponse, form: AssessForm): Promise<AssessOutcome> {
      const { courseData, qualOptions } = detail;
      const issues = validateQualificationItems(form, qualOptions);
      if (issues.length > 0) throw new HttpError(400, describeIssues(issues));

      const post = (alternatives: AlternativeCandidate[]) =>
        fastify.services.assessment.sendReusing(
          request,
          ASSESSMENT_SVC.assess,
          { body: { course: courseData, qualOptions, access: detail.access, form, alternatives } },
          { course: 'whole', qualOptions: 'whole', alternatives: 'each' },
        );
      const first = await post([]);
      if (first.data.TRAFFIC_LIGHT !== 'R') return { result: first.data, resultJson: first.text, candidates: [] };
      const maxTariff = first.data.UCAS_POINTS_EFFECTIVE;
      // An IB Diploma total may meet a course's IB requirement where the points fall short.
      const ibTotal = ibDiplomaTotal(form.QUALIFICATIONS ?? []);
      const query = { near: courseData.UCAS_CODE, max_tariff_accepted: maxTariff, ...(ibTotal === null ? {} : { max_ib_accepted: ibTotal }) };
      const candidates = await candidateCache(`${courseData.UCAS_CODE}|${maxTariff}|${ibTotal ?? ''}`, async () => {
        const found = await fastify.services.courses.send(request, COURSES_SVC.candidates, { query });
        return found.courses;
      });
      if (candidates.length === 0) return { result: first.data, resultJson: first.text, candidates };
      const answer = await post(candidates);
      return { result: answer.data, resultJson: answer.text, candidates };
    },
  };
}
export type AssessmentGateway = ReturnType<typeof createAssessmentGateway>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Course reads and assessments for the assess and apply routes (registered by those route plugins). */
    assessmentGateway: AssessmentGateway;
  }
}

/**
 * Decorates `fastify.assessmentGateway`. Registered inside each route plugin that needs it (assess,
 * apply, the staff saves), so app.ts stays as it is; they share the app's short-lived caches (cachesOf).
 */
export const assessmentGatewayPlugin = fp(
  async (fastify) => {
    fastify.decorate('assessmentGateway', createAssessmentGateway(fastify));
  },
  { name: 'assessment-gateway', dependencies: ['service-clients'] },
);
