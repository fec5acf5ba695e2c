import { alternativeCandidatesResponseSchema } from '@clearing-desk/contracts';
import { internalHeaders } from '@clearing-desk/service-kit/testing';
import { demoCatalogue } from '../../db/seed/demo-catalogue';
import { setupCoursesTestApp } from '../../testing/courses-test-app';

const testApp = setupCoursesTestApp('courses_candidates');

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: internalHeaders() });

describe('GET /courses/candidates (alternatives, domain.md "Submit buttons")', () => {
  it('answers the open courses whose accepted tariff the points meet, with their qualOptions', async () => {
    const res = await get('/courses/candidates?max_tariff_accepted=104');
    expect(res.statusCode).toBe(200);
    const { courses } = alternativeCandidatesResponseSchema.parse(res.json());
    const expected = demoCatalogue()
      .courses.map((c) => c.course)
      .filter((c) => !c.SUSPENDED && !c.EXTERNAL && c.VACANCIES_EXTERNAL > 0 && c.VACANCIES_INTERNAL > 0 && c.TARIFF_ACCEPTED <= 104)
      .map((c) => c.UCAS_CODE)
      .sort();
    expect(courses.map((c) => c.UCAS_CODE)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
    for (const c of courses) expect(c.qualOptions.length).toBeGreaterThan(0);
    // Closed (G1G3: no internal vacancies) and suspended (H401) courses are never candidates.
    const all = alternativeCandidatesResponseSchema.parse((await get('/courses/candidates?max_tariff_accepted=1000')).json()).courses.map((c) => c.UCAS_CODE);
    expect(all).not.toContain('G1G3');
    expect(all).not.toContain('H401');
    expect(all).not.toContain('NN34');
  });

  it('answers 400 for a bad query', async () => {
    const res = await get('/courses/candidates?max_tariff_accepted=lots');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});
