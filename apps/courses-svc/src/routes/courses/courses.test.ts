import { COURSES_SVC, courseDetailResponseSchema, courseSearchResponseSchema, fillPath, type StaffUser } from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { internalHeaders } from '@clearing-desk/service-kit/testing';
import { DEMO_FIXTURES } from '../../db/seed/demo-catalogue';
import { buildApp } from '../../app';
import { seedDemoCatalogue } from '../../db/seed/seed-demo-catalogue';
import { setupCoursesTestApp } from '../../testing/courses-test-app';

const testApp = setupCoursesTestApp('courses_routes');

const get = (url: string, headers = internalHeaders()) => testApp.app.inject({ method: 'GET', url, headers });

describe(`GET ${COURSES_SVC.search.path}`, () => {
  it('answers 20 rows and the total when page_size is missing', async () => {
    const res = await get(COURSES_SVC.search.path);
    expect(res.statusCode).toBe(200);
    const body = courseSearchResponseSchema.parse(res.json());
    expect(body.rows).toHaveLength(20);
    expect(body.total).toBeGreaterThanOrEqual(150);
  });

  it("finds computing courses by keyword 'computer' in title, code, school or department", async () => {
    const body = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=computer&page_size=200`)).json());
    expect(body.total).toBeGreaterThan(0);
    expect(body.rows.map((r) => r.UCAS_CODE)).toContain(DEMO_FIXTURES.openComputer);
    for (const row of body.rows) {
      const haystack = [
        row.COURSE_TITLE,
        row.UCAS_CODE,
        row.COURSE_CODE_OVERRIDE,
        row.QUALIFICATION,
        row.SCHOOL,
        row.SCHOOL_NAME,
        row.DEPT,
        row.DEPT_NAME,
      ].join(' ');
      expect(haystack.toLowerCase()).toContain('computer');
    }
  });

  it('requires every word of a multi-word query', async () => {
    const body = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=computer%20science&page_size=200`)).json());
    for (const row of body.rows) expect(`${row.COURSE_TITLE} ${row.SCHOOL_NAME} ${row.DEPT_NAME}`.toLowerCase()).toMatch(/science/);
  });

  it('searches by department and school names', async () => {
    const bySchool = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=Health%20Sciences&page_size=200`)).json());
    expect(bySchool.rows.some((r) => r.SCHOOL === 'SHS')).toBe(true);
    const byCode = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=${DEMO_FIXTURES.open.toLowerCase()}`)).json());
    expect(byCode.rows[0]?.UCAS_CODE).toBe(DEMO_FIXTURES.open);
  });

  it('filters by school code exactly with school', async () => {
    const body = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?school=shs&page_size=200`)).json());
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.rows.every((r) => r.SCHOOL === 'SHS')).toBe(true);
  });

  it('pages with p and page_size without overlapping', async () => {
    const first = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?p=1&page_size=25`)).json());
    const second = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?p=2&page_size=25`)).json());
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(25);
    const firstCodes = new Set(first.rows.map((r) => r.UCAS_CODE));
    expect(second.rows.some((r) => firstCodes.has(r.UCAS_CODE))).toBe(false);
    expect(second.total).toBe(first.total);
  });

  it('falls back to the spec defaults for bad p and page_size instead of failing', async () => {
    for (const qs of ['p=abc', 'p=-3', 'page_size=0', 'page_size=-5', 'page_size=ten']) {
      const res = await get(`${COURSES_SVC.search.path}?${qs}`);
      expect(res.statusCode).toBe(200);
    }
    expect(courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?page_size=0`)).json()).rows).toHaveLength(10);
    expect(courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?page_size=100000`)).json()).rows.length).toBeLessThanOrEqual(200);
  });

  it('treats LIKE wildcards in the keyword literally', async () => {
    const body = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=%25%25%25`)).json());
    expect(body).toEqual({ rows: [], total: 0, p: 1 });
  });

  const search = async (q: string, extra = '') =>
    courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=${encodeURIComponent(q)}&page_size=200${extra}`)).json());
  const titles = (body: { rows: { COURSE_TITLE: string }[] }) => body.rows.map((r) => r.COURSE_TITLE);

  it('matches word forms by English stemming and word beginnings (nurse finds Nursing, psycho finds Psychology)', async () => {
    const nurse = await search('nurse');
    expect(nurse.rows.map((r) => r.UCAS_CODE)).toEqual(expect.arrayContaining(['B740', 'B730', 'B760']));
    expect(titles(await search('engineer')).some((t) => /Engineering/.test(t))).toBe(true);
  });

  it("understands what applicants type: 'maths', 'childrens', 'comp sci', 'law LLB'", async () => {
    expect(titles(await search('maths'))).toContain('Mathematics');
    expect((await search('childrens nursing')).rows[0]?.UCAS_CODE).toBe('B730');
    expect((await search("children's nursing")).rows[0]?.UCAS_CODE).toBe('B730');
    const compSci = await search('comp sci');
    expect(compSci.rows[0]?.COURSE_TITLE).toBe('Computer Science');
    expect(compSci.rows.map((r) => r.UCAS_CODE)).toContain(DEMO_FIXTURES.openComputer);
    const law = await search('law LLB');
    expect(law.total).toBeGreaterThan(0);
    for (const row of law.rows) expect(row.QUALIFICATION).toMatch(/LLB/);
    expect(law.rows[0]?.COURSE_TITLE).toBe('Law');
  });

  it('finds courses by campus name', async () => {
    const body = await search('Moorgate');
    expect(body.total).toBeGreaterThan(0);
    expect(body.rows.every((r) => r.CAMPUS_NAME === 'Moorgate')).toBe(true);
    expect((await search("gray's inn")).rows.every((r) => r.CAMPUS_NAME === "Gray's Inn Place")).toBe(true);
  });

  it('forgives typos of longer words by trigram similarity', async () => {
    expect(titles(await search('pyschology')).some((t) => /Psychology/.test(t))).toBe(true);
    expect((await search('computr scince')).rows[0]?.COURSE_TITLE).toMatch(/^Computer Science/);
    expect((await search('mathmatics')).rows.map((r) => r.UCAS_CODE)).toContain('G100');
    // Short words are not guessed at: a near miss of three letters finds nothing rather than noise.
    expect((await search('lqw')).total).toBe(0);
  });

  it('ranks by relevance: a title match before courses that only share a word elsewhere', async () => {
    const body = await search('computer science');
    expect(body.rows[0]?.COURSE_TITLE).toBe('Computer Science');
    const firstOther = body.rows.findIndex((r) => !/computer science/i.test(r.COURSE_TITLE));
    const lastTitleMatch = body.rows.map((r) => /computer science/i.test(r.COURSE_TITLE)).lastIndexOf(true);
    if (firstOther >= 0) expect(firstOther).toBeGreaterThan(lastTitleMatch);
  });

  it('answers the last page, and says so, for a page past the end', async () => {
    const all = await search('nursing');
    const res = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=nursing&page_size=5&p=99`)).json());
    const lastPage = Math.ceil(all.total / 5);
    expect(res.p).toBe(lastPage);
    expect(res.total).toBe(all.total);
    expect(res.rows.map((r) => r.UCAS_CODE)).toEqual(all.rows.slice((lastPage - 1) * 5).map((r) => r.UCAS_CODE));
    const none = courseSearchResponseSchema.parse((await get(`${COURSES_SVC.search.path}?q=zzzzzz&p=3`)).json());
    expect(none).toEqual({ rows: [], total: 0, p: 1 });
  });

  it('answers 400 with a message for a keyword over 256 characters', async () => {
    const res = await get(`${COURSES_SVC.search.path}?q=${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "q: 'q' max length is 256." });
  });

  it('refuses callers without the internal token', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: `${COURSES_SVC.search.path}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/gateway only/);
  });
});

describe(`GET ${COURSES_SVC.detail.path}`, () => {
  it('answers courseData, qualOptions and a null access for the public', async () => {
    const res = await get(fillPath(COURSES_SVC.detail.path, { id: DEMO_FIXTURES.open }));
    expect(res.statusCode).toBe(200);
    const body = courseDetailResponseSchema.parse(res.json());
    expect(body.courseData.UCAS_CODE).toBe(DEMO_FIXTURES.open);
    expect(body.qualOptions.map((o) => o.qualification)).toContain('ALEVEL');
    expect(body.access).toBeNull();
  });

  it('finds a course case-insensitively', async () => {
    const res = await get(fillPath(COURSES_SVC.detail.path, { id: DEMO_FIXTURES.open.toLowerCase() }));
    expect(res.statusCode).toBe(200);
  });

  it('offers every qualification type on the all-qualifications course, in stored order', async () => {
    const body = courseDetailResponseSchema.parse((await get(fillPath(COURSES_SVC.detail.path, { id: DEMO_FIXTURES.allQualifications }))).json());
    expect(new Set(body.qualOptions.map((o) => o.qualification)).size).toBe(26);
  });

  it("gives a staff user the most privileged role whose scope covers the course's school or department", async () => {
    const detail = courseDetailResponseSchema.parse((await get(fillPath(COURSES_SVC.detail.path, { id: DEMO_FIXTURES.open }))).json());
    const user: StaffUser = {
      username: 'adviser1',
      name: 'Ada Adviser',
      roles: [
        { role: 'Front Office', scope: 'all' },
        { role: 'Back Office', scope: `dept:${detail.courseData.DEPT}` },
        { role: 'Administrator', scope: 'school:ZZZ' },
      ],
    };
    const res = await get(fillPath(COURSES_SVC.detail.path, { id: DEMO_FIXTURES.open }), internalHeaders({ 'x-clearing-user': encodeStaffUser(user) }));
    expect(courseDetailResponseSchema.parse(res.json()).access).toBe('Back Office');
  });

  it('answers 404 with a message for an unknown course', async () => {
    const res = await get(fillPath(COURSES_SVC.detail.path, { id: 'NOPE1' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Course NOPE1 not found' });
  });
});

describe('demo catalogue import', () => {
  it('loads nothing when the course table already holds courses (a second seed, a restart)', async () => {
    const before = courseSearchResponseSchema.parse((await get(COURSES_SVC.search.path)).json());
    expect(await seedDemoCatalogue(testApp.app.coursesRepository, testApp.config.INTAKE_YEAR)).toBe(0);
    const again = await buildApp(testApp.config);
    await again.ready();
    const body = courseSearchResponseSchema.parse(
      (await again.inject({ method: 'GET', url: `${COURSES_SVC.search.path}`, headers: internalHeaders() })).json(),
    );
    await again.close();
    expect(body.total).toBe(before.total);
  });
});
