import { alternativeCandidatesQuerySchema, alternativeCandidatesResponseSchema } from '../assessment/assess-request';
import { errorResponseSchema } from '../common/errors';
import { courseDetailResponseSchema, courseIdParamsSchema } from '../courses/course';
import { courseSearchQuerySchema, courseSearchResponseSchema } from '../courses/course-search';
import { courseHistoryResponseSchema, courseUpdateServiceBodySchema } from '../course-control/course-update';
import { reportableCoursesResponseSchema } from '../figures/figures';
import { placesBackfillSchema } from '../rules/places-schemas';
import { endpoint } from './endpoint';

/**
 * courses-svc (the course catalogue, spec section 7), called by the gateway only. With a
 * forwarded staff user it answers each course's `access` (the user's role on it) as well.
 */
export const COURSES_SVC = {
  /** Course search (public and the /staff search; staff rows carry `access`). */
  search: endpoint({
    method: 'GET',
    path: '/courses',
    query: courseSearchQuerySchema,
    responses: { 200: courseSearchResponseSchema, 400: errorResponseSchema },
  }),
  /** Candidates for the alternatives of a red assessment (domain.md "Submit buttons"). */
  candidates: endpoint({
    method: 'GET',
    path: '/courses/candidates',
    query: alternativeCandidatesQuerySchema,
    responses: { 200: alternativeCandidatesResponseSchema, 400: errorResponseSchema },
  }),
  /** One course with its qualOptions and the user's access; 404 for no such course. */
  detail: endpoint({
    method: 'GET',
    path: '/courses/:id',
    params: courseIdParamsSchema,
    responses: { 200: courseDetailResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  /** The courses whose places applications-svc's ledger has never sent (the one-off places backfill reads them). */
  placesBackfill: endpoint({
    method: 'GET',
    path: '/courses/places-backfill',
    responses: { 200: placesBackfillSchema },
  }),
  /** The courses the forwarded user may view reports on (403 when none). */
  reportable: endpoint({
    method: 'GET',
    path: '/courses/reportable',
    responses: { 200: reportableCoursesResponseSchema, 403: errorResponseSchema },
  }),
  /**
   * Course control (the one owner of a course's settings): only the changed editable fields; 412
   * when `ifMatch` no longer matches; 409 when the places change on a course the ledger does not
   * count yet. A places change goes to applications-svc's ledger as an outbox event.
   */
  update: endpoint({
    method: 'PUT',
    path: '/courses/:id',
    params: courseIdParamsSchema,
    body: courseUpdateServiceBodySchema,
    responses: {
      200: courseDetailResponseSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      412: errorResponseSchema,
    },
  }),
  /**
   * Course control's explicit Close (external vacancies to 0, the old number kept) and Reopen
   * (that number restored), to users who may edit the course; 409 when already closed / not
   * closed that way; each is a history entry.
   */
  close: endpoint({
    method: 'POST',
    path: '/courses/:id/close',
    params: courseIdParamsSchema,
    responses: { 200: courseDetailResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/courses/:id/reopen',
    params: courseIdParamsSchema,
    responses: { 200: courseDetailResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
  /** A course's change history, to users who may edit it. */
  history: endpoint({
    method: 'GET',
    path: '/courses/:id/history',
    params: courseIdParamsSchema,
    responses: { 200: courseHistoryResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  }),
} as const;
