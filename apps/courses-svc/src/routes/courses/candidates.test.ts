import { alternativeCandidatesResponseSchema, buildQualOption, COURSES_SVC, isCourseOpen, type CourseData } from '@clearing-desk/contracts';
import { createCourse, createCoursesClosedWithPlaces } from '@clearing-desk/contracts/testing';
import { internalHeaders } from '@clearing-desk/service-kit/testing';
import { demoCatalogue } from '../../db/seed/demo-catalogue';
import { setupCoursesTestApp } from '../../testing/courses-test-app';

const testApp = setupCoursesTestApp('courses_candidates');

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: internalHeaders() });

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

  // The WHERE clause is the SQL form of contracts' isCourseOpen: held to it over every combination
  // of the fields the rule reads (issue 22 item 1), and with the test courses that have places but
  // are not intermediary or are external.
  it('answers exactly the courses the course-open rule calls open, for every combination of its fields', async () => {
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
    const { notIntermediary, external } = createCoursesClosedWithPlaces();
    const added = [...combinations, notIntermediary, external];
    const course = added[0] as CourseData;
    await testApp.app.coursesRepository.importCatalogue({
      schools: [{ code: course.SCHOOL, name: course.SCHOOL_NAME }],
      departments: [{ code: course.DEPT, name: course.DEPT_NAME, school: course.SCHOOL }],
      courses: added.map((c) => ({ course: c, qualOptions: [buildQualOption('ALEVEL')] })),
    });
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=1000`);
    const answered = new Set(alternativeCandidatesResponseSchema.parse(res.json()).courses.map((c) => c.UCAS_CODE));
    const verdicts = added.map((c) => ({ code: c.UCAS_CODE, candidate: answered.has(c.UCAS_CODE) }));
    expect(verdicts).toEqual(added.map((c) => ({ code: c.UCAS_CODE, candidate: isCourseOpen(c) })));
    expect(verdicts.filter((v) => v.candidate)).toHaveLength(1);
    expect(answered.has(notIntermediary.UCAS_CODE)).toBe(false);
    expect(answered.has(external.UCAS_CODE)).toBe(false);
  });

  it('answers 400 for a bad query', async () => {
    const res = await get(`${COURSES_SVC.candidates.path}?max_tariff_accepted=lots`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});
