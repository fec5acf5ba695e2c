import { LRUCache } from 'lru-cache';
import {
  alternativeCandidatesResponseSchema,
  assessApiBodySchema,
  assessmentSchema,
  assessResponseSchema,
  courseDetailResponseSchema,
  describeIssues,
  errorResponseSchema,
  ERROR_CODES,
  LIMITS,
  toAssessForm,
  validateQualificationItems,
  type AlternativeCandidate,
  type AssessRequestInput,
  type CourseDetailResponse,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const paramsSchema = z.object({ course: z.string().trim().min(1).max(32) });

/**
 * How long a course (with the user's access) and a school's course rows are reused, in ms. An
 * assessment is advice shown while the form is filled in, so a course suspended or closed this
 * second may still be assessed for up to a second; submitting checks the course again. Without
 * it every keystroke-driven assessment costs courses-svc two database reads.
 */
export const ASSESS_CACHE_TTL_MS = 1000;
const ASSESS_CACHE_MAX_ENTRIES = 5000;

/**
 * A per-process cache of promises (lru-cache: size bound and TTL): concurrent misses share one
 * load, and a failed load is dropped at once so the next call tries again.
 */
function shortLivedCache<T extends object>(ttlMs: number, maxEntries: number) {
  const entries = new LRUCache<string, Promise<T>>({ max: maxEntries, ttl: ttlMs });
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit) return hit;
    const value = load();
    entries.set(key, value);
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    return value;
  };
}

/**
 * POST /api/apply/{course}/assess (spec section 7): assesses the form values (without documents)
 * for a course. The gateway gathers what the stateless assessment-svc needs, since services never
 * call each other: the course with its qualOptions and the user's access from courses-svc (404
 * passes through; suspended or closed courses answer 409 COURSE_SUSPENDED / COURSE_CLOSED), checks
 * the qualification items against the course (400 naming the field), then posts to assessment-svc.
 * Only a red result needs alternatives, so the courses of the school are fetched, and the
 * assessment asked again with them, only then. Course reads are reused for ASSESS_CACHE_TTL_MS.
 */
export const assessApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const courseCache = shortLivedCache<CourseDetailResponse>(ASSESS_CACHE_TTL_MS, ASSESS_CACHE_MAX_ENTRIES);
  const schoolCache = shortLivedCache<AlternativeCandidate[]>(ASSESS_CACHE_TTL_MS, ASSESS_CACHE_MAX_ENTRIES);

  fastify.post(
    '/apply/:course/assess',
    {
      preHandler: fastify.csrfProtection,
      schema: {
        params: paramsSchema,
        body: assessApiBodySchema,
        response: {
          200: assessResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const code = request.params.course;
      // `access` depends on the user, so the user is part of the key.
      const { courseData, qualOptions, access } = await courseCache(`${request.staffUser?.username ?? ''}|${code.toUpperCase()}`, () =>
        fastify.services.courses.call(request, { path: `/courses/${encodeURIComponent(code)}`, response: courseDetailResponseSchema }),
      );
      if (courseData.SUSPENDED) throw new HttpError(409, ERROR_CODES.COURSE_SUSPENDED);
      if (courseData.VACANCIES_EXTERNAL <= 0) throw new HttpError(409, ERROR_CODES.COURSE_CLOSED);

      const form = toAssessForm(request.body.data);
      const issues = validateQualificationItems(form, qualOptions);
      if (issues.length > 0) throw new HttpError(400, describeIssues(issues));

      const body: AssessRequestInput = { course: courseData, qualOptions, form, access, alternatives: [] };
      const post = () =>
        fastify.services.assessment.call(request, { method: 'POST', path: '/assessments', body, response: assessmentSchema });
      let result = await post();
      if (result.TRAFFIC_LIGHT === 'R') {
        const school = courseData.SCHOOL;
        const rows = await schoolCache(school, async () => {
          const found = await fastify.services.courses.call(request, {
            path: '/courses',
            query: { school, page_size: LIMITS.PAGE_SIZE_MAX },
            response: alternativeCandidatesResponseSchema,
          });
          return found.rows;
        });
        body.alternatives = rows.filter((row) => row.UCAS_CODE !== courseData.UCAS_CODE);
        if (body.alternatives.length > 0) result = await post();
      }
      return { result };
    },
  );
};
