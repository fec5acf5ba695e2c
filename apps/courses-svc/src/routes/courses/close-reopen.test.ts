import { courseDetailResponseSchema, courseHistoryResponseSchema, COURSES_SVC, type StaffUser } from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { DEMO_FIXTURES } from '../../db/seed/demo-catalogue';
import { setupCoursesTestApp } from '../../testing/courses-test-app';

const testApp = setupCoursesTestApp('courses_close_reopen');

const admin: StaffUser = { username: 'admin', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] };
const frontOffice: StaffUser = { username: 'frontoffice', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });

const call = (action: 'close' | 'reopen', code: string, user: StaffUser = admin) =>
  testApp.app.inject({ ...endpointRequest(COURSES_SVC[action], { params: { id: code } }), headers: as(user) });
const read = async (code: string, user: StaffUser | null = admin) =>
  courseDetailResponseSchema.parse(
    (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.detail, { params: { id: code } }), headers: user ? as(user) : internalHeaders() })).json(),
  );
const history = async (code: string) =>
  courseHistoryResponseSchema.parse(
    (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.history, { params: { id: code } }), headers: as(admin) })).json(),
  ).rows;

describe(`POST ${COURSES_SVC.close.path} and ${COURSES_SVC.reopen.path}`, () => {
  it('closes a course keeping its external vacancies, and reopening restores them; each is in the history', async () => {
    const code = DEMO_FIXTURES.open;
    const before = await read(code);
    const vacancies = before.courseData.VACANCIES_EXTERNAL;
    expect(vacancies).toBeGreaterThan(0);
    expect(before.reopenVacancies).toBeNull();

    const closed = await call('close', code);
    expect(closed.statusCode).toBe(200);
    expect(courseDetailResponseSchema.parse(closed.json())).toMatchObject({ courseData: { VACANCIES_EXTERNAL: 0 }, reopenVacancies: vacancies });
    // The public answer says nothing of it; staff read what Reopen restores.
    expect((await read(code, null)).reopenVacancies).toBeUndefined();
    expect((await read(code)).reopenVacancies).toBe(vacancies);

    // Closing twice is refused, naming the course.
    const again = await call('close', code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Computer Science (G400) is already closed.' });

    const reopened = await call('reopen', code);
    expect(reopened.statusCode).toBe(200);
    expect(courseDetailResponseSchema.parse(reopened.json())).toMatchObject({ courseData: { VACANCIES_EXTERNAL: vacancies }, reopenVacancies: null });
    expect((await call('reopen', code)).json()).toEqual({ message: 'Computer Science (G400) is open: there is nothing to reopen.' });

    expect((await history(code)).slice(0, 2).map((h) => [h.username, h.changes])).toEqual([
      ['admin', [{ field: 'VACANCIES_EXTERNAL', old: 0, new: vacancies }]],
      ['admin', [{ field: 'VACANCIES_EXTERNAL', old: vacancies, new: 0 }]],
    ]);
  });

  it('does not reopen a course closed by typing 0 (nothing kept), nor one whose vacancies were typed after its Close', async () => {
    const closedByHand = DEMO_FIXTURES.closed;
    const res = await call('reopen', closedByHand);
    expect(res.statusCode).toBe(409);
    const { courseData } = await read(closedByHand);
    expect(res.json()).toEqual({
      message: `${courseData.COURSE_TITLE} (${courseData.UCAS_CODE}) was not closed with Close course, so there are no vacancies to restore: set its external vacancies instead.`,
    });

    // Closed with Close, then given 3 vacancies and 0 again by hand: Reopen has nothing of its own to restore.
    const code = DEMO_FIXTURES.sciences;
    expect((await call('close', code)).statusCode).toBe(200);
    const put = (VACANCIES_EXTERNAL: number) =>
      testApp.app.inject({ ...endpointRequest(COURSES_SVC.update, { params: { id: code }, body: { data: { VACANCIES_EXTERNAL } } }), headers: as(admin) });
    expect((await put(3)).statusCode).toBe(200);
    expect((await put(0)).statusCode).toBe(200);
    expect((await read(code)).reopenVacancies).toBeNull();
    expect((await call('reopen', code)).statusCode).toBe(409);
  });

  it('refuses a user who may not edit the course (403), changing nothing', async () => {
    const code = DEMO_FIXTURES.healthSciences;
    const before = (await read(code)).courseData.VACANCIES_EXTERNAL;
    const res = await call('close', code, frontOffice);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your role on this course does not allow changing it.' });
    expect((await read(code)).courseData.VACANCIES_EXTERNAL).toBe(before);
  });
});
