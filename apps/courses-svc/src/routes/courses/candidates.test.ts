import {
  alternativeCandidatesResponseSchema,
  buildQualOption,
  COURSES_SVC,
  isCourseOpen,
  MAX_NEAR_CANDIDATES,
  type CourseData,
} from '@clearing-desk/contracts';
import { createCourse, createCoursesClosedWithPlaces } from '@clearing-desk/contracts/testing';
import { internalHeaders } from '@clearing-desk/service-kit/testing';
import { demoCatalogue } from '../../db/seed/demo-catalogue';
import { setupCoursesTestApp } from '../../testing/courses-test-app';

const testApp = setupCoursesTestApp('courses_candidates');

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: internalHeaders() });

/** Adds `added` to the test catalogue, each with an A level option. */
const importCourses = async (added: CourseData[]) => {
  const course = added[0] as CourseData;
  await testApp.app.coursesRepository.importCatalogue({
    schools: [{ code: course.SCHOOL, name: course.SCHOOL_NAME }],
    departments: [{ code: course.DEPT, name: course.DEPT_NAME, school: course.SCHOOL }],
    courses: added.map((c) => ({ course: c, qualOptions: [buildQualOption('ALEVEL')] })),
  });
};

describe(`GET ${COURSES_SVC.candidates.path} (alternatives, domain.md "Submit buttons")`, () => {
  it('answers the open courses whose accepted tariff the points meet, with their qualOptions', async () => {
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=104`);
    expect(res.statusCode).toBe(200);
    const { courses } = alternativeCandidatesResponseSchema.parse(res.json());
    const expected = demoCatalogue()
      .courses.map((c) => c.course)
      .filter((c) => isCourseOpen(c) && c.TARIFF_ACCEPTED <= 104)
      .map((c) => c.UCAS_CODE)
      .sort();
    expect(courses.map((c) => c.UCAS_CODE)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
    for (const c of courses) expect(c.qualOptions.length).toBeGreaterThan(0);
    // Closed (G1G3: no internal vacancies) and suspended (H401) courses are never candidates.
    const all = alternativeCandidatesResponseSchema
      .parse((await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=1000`)).json())
      .courses.map((c) => c.UCAS_CODE);
    expect(all).not.toContain('G1G3');
    expect(all).not.toContain('H401');
    expect(all).not.toContain('NN34');
  });

  it('answers, with an IB Diploma total, also the open courses whose accepted IB requirement it meets', async () => {
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=0&max_ib_accepted=27`);
    expect(res.statusCode).toBe(200);
    const { courses } = alternativeCandidatesResponseSchema.parse(res.json());
    const expected = demoCatalogue()
      .courses.map((c) => c.course)
      .filter((c) => isCourseOpen(c) && c.IB_ACCEPTED !== null && c.IB_ACCEPTED <= 27)
      .map((c) => c.UCAS_CODE)
      .sort();
    expect(expected.length).toBeGreaterThan(5);
    expect(courses.map((c) => c.UCAS_CODE)).toEqual(expected);
    expect((await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=0&max_ib_accepted=46`)).statusCode).toBe(400);
  });

  it('answers, near a course, that course left out and the MAX_NEAR_CANDIDATES nearest: its school first, then the highest accepted tariff, then UCAS code', async () => {
    const open = demoCatalogue()
      .courses.map((c) => c.course)
      .filter((c) => isCourseOpen(c) && c.TARIFF_ACCEPTED <= 1000);
    const near = open.find((c) => c.UCAS_CODE === 'G400') as CourseData;
    const sameSchool = (c: CourseData) => Number(c.SCHOOL === near.SCHOOL);
    const expected = open
      .filter((c) => c.UCAS_CODE !== 'G400')
      .sort((a, b) => sameSchool(b) - sameSchool(a) || b.TARIFF_ACCEPTED - a.TARIFF_ACCEPTED || a.UCAS_CODE.localeCompare(b.UCAS_CODE))
      .slice(0, MAX_NEAR_CANDIDATES)
      .map((c) => c.UCAS_CODE);
    expect(open.length).toBeGreaterThan(MAX_NEAR_CANDIDATES);
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=1000&near=g400`);
    expect(res.statusCode).toBe(200);
    const { courses } = alternativeCandidatesResponseSchema.parse(res.json());
    expect(courses.map((c) => c.UCAS_CODE)).toEqual(expected);
    for (const c of courses) expect(c.qualOptions.length).toBeGreaterThan(0);
  });

  // Courses with places left that take no application: one with vacancies but
  // not intermediary, one external. Neither is a candidate, while an open course beside them is.
  it('leaves out a course with places that is not intermediary, and an external one', async () => {
    const { notIntermediary, external } = createCoursesClosedWithPlaces();
    const open = createCourse({ UCAS_CODE: 'T900', TARIFF_ACCEPTED: notIntermediary.TARIFF_ACCEPTED });
    for (const c of [notIntermediary, external]) {
      expect(c.VACANCIES_EXTERNAL).toBeGreaterThan(0);
      expect(c.VACANCIES_INTERNAL).toBeGreaterThan(0);
      expect(c.SUSPENDED).toBe(false);
    }
    await importCourses([open, notIntermediary, external]);
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=1000`);
    expect(res.statusCode).toBe(200);
    const answered = alternativeCandidatesResponseSchema.parse(res.json()).courses.map((c) => c.UCAS_CODE);
    expect(answered).toContain('T900');
    expect(answered).not.toContain(notIntermediary.UCAS_CODE);
    expect(answered).not.toContain(external.UCAS_CODE);
  });

  it('answers exactly the open courses for every combination of the fields the course-open rule reads, in UCAS code order', async () => {
    const combinations: CourseData[] = [];
    for (const SUSPENDED of [false, true])
      for (const EXTERNAL of [false, true])
        for (const INTERMEDIARY of [false, true])
          for (const VACANCIES_EXTERNAL of [0, 4])
            for (const VACANCIES_INTERNAL of [0, 2])
              combinations.push(
                createCourse({
                  UCAS_CODE: `Z${String(combinations.length).padStart(3, '0')}`,
                  TARIFF_ACCEPTED: 40,
                  TARIFF_ADVERTISED: 56,
                  SUSPENDED,
                  EXTERNAL,
                  INTERMEDIARY,
                  VACANCIES_EXTERNAL,
                  VACANCIES_INTERNAL,
                }),
              );
    // The one open combination, and a second open course above the tariff asked for.
    const open = createCourse({ UCAS_CODE: 'Z900', TARIFF_ACCEPTED: 40, TARIFF_ADVERTISED: 56 });
    const tooHigh = createCourse({ UCAS_CODE: 'Z901', TARIFF_ACCEPTED: 48, TARIFF_ADVERTISED: 56 });
    await importCourses([...combinations, open, tooHigh]);
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=40`);
    const answered = alternativeCandidatesResponseSchema
      .parse(res.json())
      .courses.map((c) => c.UCAS_CODE)
      .filter((code) => code.startsWith('Z'));
    // Z007: not suspended, not external, intermediary, 4 external and 2 internal vacancies.
    expect(answered).toEqual(['Z007', 'Z900']);
    expect(combinations.filter((c) => isCourseOpen(c)).map((c) => c.UCAS_CODE)).toEqual(['Z007']);
  });

  it('answers 400 for a bad query', async () => {
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=lots`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});
