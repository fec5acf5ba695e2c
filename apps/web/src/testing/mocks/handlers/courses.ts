import {
  API_ROUTES,
  accessForCourse,
  courseDataSchema,
  courseRowSchema,
  courseSearchQuerySchema,
  displayCourseCode,
  LOGIN_MESSAGES,
  type CourseData,
  type CourseDetailResponse,
  type CourseSearchResponse,
} from '@clearing-desk/contracts';
import { createCourseDetail } from '@clearing-desk/contracts/testing';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const matches = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

function courseDetail(course: CourseData): CourseDetailResponse {
  const detail = createCourseDetail();
  return {
    ...detail,
    courseData: courseDataSchema.parse(course),
    qualOptions: db.qualOptions[course.UCAS_CODE] ?? detail.qualOptions,
    access: db.sessionUser ? accessForCourse(db.sessionUser.roles, course) : null,
  };
}

/**
 * GET /api/courses, GET /api/courses/:ucasCode and GET /api/admin/courses/:ucasCode over the mock
 * catalogue, answers checked against the contracts. With a staff session, rows and details carry
 * the user's `access` (accessForCourse of their roles).
 */
export const coursesHandlers = [
  http.get(apiUrl(API_ROUTES.courseSearch.path), ({ request }) => {
    const url = new URL(request.url);
    const query = courseSearchQuerySchema.parse(Object.fromEntries(url.searchParams));
    const found = db.courses.filter(
      (c) => !query.q || matches(c.COURSE_TITLE, query.q) || matches(displayCourseCode(c), query.q) || matches(c.UCAS_CODE, query.q),
    );
    const start = (query.p - 1) * query.page_size;
    const body: CourseSearchResponse = {
      rows: found
        .slice(start, start + query.page_size)
        .map((c) => ({ ...courseRowSchema.parse(c), ...(db.sessionUser ? { access: accessForCourse(db.sessionUser.roles, c) } : {}) })),
      total: found.length,
    };
    return HttpResponse.json(body);
  }),

  http.get(apiUrl(API_ROUTES.course.path), ({ params }) => {
    const course = db.courses.find((c) => c.UCAS_CODE === params.id);
    if (!course) return HttpResponse.json({ message: 'Course not found' }, { status: 404 });
    return HttpResponse.json({ ...courseDetail(course), access: null });
  }),

  http.get(apiUrl(API_ROUTES.deskCourse.path), ({ params }) => {
    if (!db.sessionUser) return HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });
    const course = db.courses.find((c) => c.UCAS_CODE === params.id);
    if (!course) return HttpResponse.json({ message: 'Course not found' }, { status: 404 });
    return HttpResponse.json(courseDetail(course));
  }),
];
