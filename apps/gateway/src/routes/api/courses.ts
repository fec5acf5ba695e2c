import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  COURSES_SVC,
  canEditCourse,
  COURSE_UPDATE_MESSAGES,
  courseEtag,
  LEDGER_COURSE_FIELDS,
  routeOf,
  type CourseUpdateData,
  type LedgerCourseField,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../plugins/app/forwarded-route';

/** A course-control change split by owner: the places ledger's fields (applications-svc) and the catalogue's (courses-svc). */
function splitCourseUpdate(data: CourseUpdateData): { ledger: Partial<Pick<CourseUpdateData, LedgerCourseField>>; catalogue: CourseUpdateData } {
  const ledger: Partial<Pick<CourseUpdateData, LedgerCourseField>> = {};
  const catalogue: CourseUpdateData = { ...data };
  for (const field of LEDGER_COURSE_FIELDS) {
    if (field in catalogue) {
      ledger[field] = catalogue[field];
      delete catalogue[field];
    }
  }
  return { ledger, catalogue };
}

/** Whether an If-Match header names the ETag (a list, weak or strong, or '*'). */
const etagMatches = (header: string, etag: string): boolean =>
  header.trim() === '*' ||
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .includes(etag);

/** Course search and course pages (spec section 7), answered by courses-svc. */
export const courseApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // One-to-one: courses-svc's answer, validated, goes on as its text.
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.courseSearch, COURSES_SVC.search));
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.course, COURSES_SVC.detail));

  // The staff user travels in the user header, so courses-svc answers the user's `access`.
  // The ETag lets course control send If-Match with its changes.
  fastify.route({
    ...routeOf(API_ENDPOINTS.adminCourse),
    handler: async (request, reply) => {
      const detail = await fastify.services.courses.send(request, COURSES_SVC.detail, { params: request.params });
      void reply.header('etag', courseEtag(detail.courseData)).header('cache-control', 'no-store');
      return detail;
    },
  });

  /**
   * Course control: the changed editable courseData fields in `{ data, token }`; answers
   * the course as GET does, with its new ETag. 403 unless the user's access on the course has
   * edit-course (courses-svc checks again); 412 when If-Match names an older version of the course.
   */
  fastify.route({
    ...routeOf(API_ENDPOINTS.adminCourseUpdate),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      const { id } = request.params;
      const current = await fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id } });
      if (!canEditCourse(current.access)) throw new HttpError(403, COURSE_UPDATE_MESSAGES.FORBIDDEN);
      const ifMatch = typeof request.headers['if-match'] === 'string' ? request.headers['if-match'] : undefined;
      const { ledger: ledgerData, catalogue } = splitCourseUpdate(request.body.data);
      // courses-svc checks If-Match with its own change; a change of the ledger alone is checked here.
      if (Object.keys(catalogue).length === 0 && ifMatch !== undefined && !etagMatches(ifMatch, courseEtag(current.courseData))) {
        throw new HttpError(412, COURSE_UPDATE_MESSAGES.CONFLICT);
      }
      const saved =
        Object.keys(catalogue).length > 0
          ? await fastify.services.courses.send(request, COURSES_SVC.update, { params: { id }, body: { data: catalogue, ifMatch } })
          : current;
      let courseData = saved.courseData;
      if (Object.keys(ledgerData).length > 0) {
        // CLEARING_PLACES and OFFER_ALLOWANCE are applications-svc's; courses-svc's projection follows within a second.
        const ledger = await fastify.services.applications.send(request, APPLICATIONS_SVC.placesUpdate, {
          params: { id: current.courseData.UCAS_CODE },
          body: { data: ledgerData, SCHOOL: current.courseData.SCHOOL, DEPT: current.courseData.DEPT, seed: current.courseData.VACANCIES_INTERNAL },
        });
        courseData = {
          ...courseData,
          CLEARING_PLACES: ledger.CLEARING_PLACES,
          OFFER_ALLOWANCE: ledger.OFFER_ALLOWANCE,
          VACANCIES_INTERNAL: ledger.VACANCIES_INTERNAL,
        };
      }
      void reply.header('etag', courseEtag(courseData)).header('cache-control', 'no-store');
      return { ...saved, courseData };
    },
  });

  /** A course's change history, newest first (users who may edit the course). */
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.adminCourseHistory, COURSES_SVC.history));
};
