import { type CourseDetailResponse } from '@clearing-desk/contracts';
import { createCourse, createCourseDetail, createCoursesClosedWithPlaces } from '@clearing-desk/contracts/testing';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAssessmentGateway } from './assessment-gateway';

/** The gateways of one app (assess, apply, the staff saves) share its course cache. */
describe('the course cache of an app', () => {
  it("keeps a submit's fresh read for the next assessment, in every route plugin's gateway of the app", async () => {
    let places = 1;
    const send = jest.fn(async (): Promise<CourseDetailResponse> => {
      const detail = createCourseDetail();
      return { ...detail, courseData: { ...detail.courseData, VACANCIES_INTERNAL: places } };
    });
    // A staff read takes places left from the ledger (fastify.places): here the ledger agrees with the course.
    const ledger = { withLedgerPlaces: async (_request: FastifyRequest, detail: CourseDetailResponse) => detail };
    const app = { services: { courses: { send } }, places: ledger } as unknown as FastifyInstance;
    const assessRoute = createAssessmentGateway(app);
    const staffSaves = createAssessmentGateway(app);
    const request = { staffUser: { username: 'backoffice' } } as unknown as FastifyRequest;

    expect((await assessRoute.course(request, 'L100')).courseData.VACANCIES_INTERNAL).toBe(1);
    places = 0; // the last place goes
    expect((await assessRoute.course(request, 'L100')).courseData.VACANCIES_INTERNAL).toBe(1); // cached (ASSESS_CACHE_TTL_MS)
    expect((await staffSaves.course(request, 'L100', { fresh: true })).courseData.VACANCIES_INTERNAL).toBe(0);
    expect((await assessRoute.course(request, 'L100')).courseData.VACANCIES_INTERNAL).toBe(0);
    expect(send).toHaveBeenCalledTimes(2);
    // Another app (another stack in the same process) has caches of its own.
    const other = createAssessmentGateway({ services: { courses: { send } }, places: ledger } as unknown as FastifyInstance);
    await other.course(request, 'L100');
    expect(send).toHaveBeenCalledTimes(3);
  });
});

/** The gateway's gate is contracts' course-open rule (spec sections 4 and 8). */
describe('assertOpen', () => {
  const gateway = createAssessmentGateway({ services: {} } as unknown as FastifyInstance);
  const refusal = (run: () => void): { statusCode: number; message: string } | null => {
    try {
      run();
      return null;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { statusCode: error.statusCode, message: error.message };
    }
  };

  it('refuses a course with places that is not intermediary, and an external one, with 409 COURSE_CLOSED for the public and for staff', () => {
    const { notIntermediary, external } = createCoursesClosedWithPlaces();
    for (const course of [notIntermediary, external]) {
      expect(course.VACANCIES_EXTERNAL).toBeGreaterThan(0);
      expect(course.VACANCIES_INTERNAL).toBeGreaterThan(0);
      expect(refusal(() => gateway.assertOpen(course))).toEqual({ statusCode: 409, message: 'COURSE_CLOSED' });
      expect(refusal(() => gateway.assertOpen(course, 'staff'))).toEqual({ statusCode: 409, message: 'COURSE_CLOSED' });
    }
  });

  it('lets an open course through, and refuses a suspended one with 409 COURSE_SUSPENDED', () => {
    expect(refusal(() => gateway.assertOpen(createCourse()))).toBeNull();
    expect(refusal(() => gateway.assertOpen(createCourse({ SUSPENDED: true })))).toEqual({ statusCode: 409, message: 'COURSE_SUSPENDED' });
  });
});
