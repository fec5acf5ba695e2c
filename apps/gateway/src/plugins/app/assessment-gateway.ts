import {
  ASSESSMENT_SVC,
  courseClosedCode,
  staffCourseClosedCode,
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
 * Most candidates sent to assessment-svc for ALTERNATE: each carries its qualOptions (about 25 KB),
 * so 25 stay well inside the service's 1 MiB body limit. The nearest are sent: same school first,
 * then the highest accepted tariff not above the points (the best matches; domain.md).
 */
export const MAX_CANDIDATES_SENT = 25;

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

/**
 * JSON text of objects sent again and again: the candidate courses of red forms
 * (a course's own part is kept encoded, encodedCourseParts).
 * Keyed by the cached object itself, so an entry goes when the course caches drop the object (TTL,
 * size bound) and a course read again is serialised again: invalidated with the course caches.
 */
const serialised = new WeakMap<object, string>();

function serialiseOnce(value: object, serialise: () => string): string {
  let text = serialised.get(value);
  if (text === undefined) {
    text = serialise();
    serialised.set(value, text);
  }
  return text;
}

/** The UTF-8 bytes of each cached course's part of the body (`{"course":…,"access":…,"form":`), as `serialised`. */
const encodedCourseParts = new WeakMap<object, Buffer>();

/**
 * The JSON of assessment-svc's POST /assessments body (contracts' assessRequestSchema) from the
 * course detail and candidate rows as cached, as UTF-8 bytes: the course part (about 24 KB)
 * serialised and encoded once per cached course object, only the form and the alternatives per
 * call (the text of the whole body was built and encoded for every call).
 * JSON.parse of it equals JSON.parse(JSON.stringify(body)).
 */
export function assessRequestBody(detail: CourseDetailResponse, form: AssessForm, alternatives: readonly AlternativeCandidate[]): Buffer {
  let coursePart = encodedCourseParts.get(detail);
  if (coursePart === undefined) {
    // '{"course":…,"qualOptions":…,"access":…' (an undefined access is left out, as JSON.stringify does).
    const text = JSON.stringify({ course: detail.courseData, qualOptions: detail.qualOptions, access: detail.access }).slice(0, -1);
    coursePart = Buffer.from(`${text},"form":`);
    encodedCourseParts.set(detail, coursePart);
  }
  const alternativesPart = alternatives.map((row) => serialiseOnce(row, () => JSON.stringify(row))).join(',');
  return Buffer.concat([coursePart, Buffer.from(`${JSON.stringify(form)},"alternatives":[${alternativesPart}]}`)]);
}

/** An assessment and the course rows its ALTERNATE codes come from (empty unless the light is red). */
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

  const loadCourse = (request: FastifyRequest, code: string) => fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id: code } });

  return {
    /**
     * The course with its qualOptions and the user's access (404 passes through). Reused for
     * ASSESS_CACHE_TTL_MS unless `fresh`; `access` depends on the user, so the user is in the key.
     * A fresh read (a submit's) replaces the cached one: the assessment that follows a refused
     * submit (the form re-assessing after the last place went) sees what the submit saw.
     */
    course(request: FastifyRequest, code: string, options: { fresh?: boolean } = {}): Promise<CourseDetailResponse> {
      return courseCache(`${request.staffUser?.username ?? ''}|${code.toUpperCase()}`, () => loadCourse(request, code), { replace: options.fresh === true });
    },

    /**
     * Refuses a course that takes no applications with 409 and the code of contracts'
     * courseClosedCode (the one course-open rule): COURSE_SUSPENDED or COURSE_CLOSED; for staff
     * taking a call, staffCourseClosedCode (a course the places guard closed stays open to them).
     */
    assertOpen(course: CourseOpenFields, who: 'public' | 'staff' = 'public'): void {
      const code = who === 'staff' ? staffCourseClosedCode(course) : courseClosedCode(course);
      if (code) throw new HttpError(409, code);
    },

    /**
     * Assesses the assessable part of a form against the course: checks the qualification items
     * against the course (400 naming the field), then posts to assessment-svc. Only a red result
     * needs alternatives, so only then are the open courses the points could pass (TARIFF_ACCEPTED
     * at most the effective points, or IB_ACCEPTED at most an IB Diploma total; any school, with
     * their qualOptions) fetched from courses-svc and
     * the assessment asked again with them; assessment-svc keeps those the same form passes.
     */
    async assess(request: FastifyRequest, detail: CourseDetailResponse, form: AssessForm): Promise<AssessOutcome> {
      const { courseData, qualOptions } = detail;
      const issues = validateQualificationItems(form, qualOptions);
      if (issues.length > 0) throw new HttpError(400, describeIssues(issues));

      const post = (alternatives: AlternativeCandidate[]) =>
        fastify.services.assessment.sendJson(request, ASSESSMENT_SVC.assess, assessRequestBody(detail, form, alternatives));
      let answer = await post([]);
      if (answer.data.TRAFFIC_LIGHT !== 'R') return { result: answer.data, resultJson: answer.text, candidates: [] };
      const maxTariff = answer.data.UCAS_POINTS_EFFECTIVE;
      // An IB Diploma total may meet a course's IB requirement where the points fall short.
      const ibTotal = ibDiplomaTotal(form.QUALIFICATIONS ?? []);
      const query = ibTotal === null ? { max_tariff_accepted: maxTariff } : { max_tariff_accepted: maxTariff, max_ib_accepted: ibTotal };
      const rows = await candidateCache(`${maxTariff}|${ibTotal ?? ''}`, async () => {
        const found = await fastify.services.courses.send(request, COURSES_SVC.candidates, { query });
        return found.courses;
      });
      const alternatives = rows
        .filter((row) => row.UCAS_CODE !== courseData.UCAS_CODE)
        .sort(
          (a, b) =>
            Number(b.SCHOOL === courseData.SCHOOL) - Number(a.SCHOOL === courseData.SCHOOL) ||
            b.TARIFF_ACCEPTED - a.TARIFF_ACCEPTED ||
            a.UCAS_CODE.localeCompare(b.UCAS_CODE),
        )
        .slice(0, MAX_CANDIDATES_SENT);
      if (alternatives.length > 0) answer = await post(alternatives);
      return { result: answer.data, resultJson: answer.text, candidates: alternatives };
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
