import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applicationListingResponseSchema,
  applicationSearchRowSchema,
  listingTotalCap,
  applyResponseSchema,
  staffStoredApplicationSchema,
  staffUpdateResponseSchema,
  studentSearchResponseSchema,
  USER_HEADER,
  type Assessment,
  type StaffUser,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail, createVisaData } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase, metricValue, endpointRequest } from '@clearing-desk/service-kit/testing';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';
import { applicationLog, applications } from '../../db/schema';

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';
/** The staff desk's refusals and conflict, word for word as staff read them. */
const CANNOT_EDIT_ANY = 'Your role on this course cannot edit applications with this status.';
const VERSION_CONFLICT = 'This application was changed by someone else since you opened it. Reload it to see their changes.';
const NO_ROLE = 'You have no role on this course.';
const STUDENT_NOT_FOUND = 'Student not found.';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('applications_desk');
  app = await buildApp(applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent' }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const detail = createCourseDetail();
const assessment = (buttons: { STATUS: 'S' | 'O' | 'R' | 'P' | 'X' | 'I'; LABEL: string }[]): Assessment => ({
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: buttons },
  EXPLANATION: [],
  ALTERNATE: [],
});
const submitOnly = assessment([{ STATUS: 'S', LABEL: 'Submit' }]);
const offerRefer = assessment([
  { STATUS: 'O', LABEL: 'Offer' },
  { STATUS: 'R', LABEL: 'Refer' },
]);

const staff = (username: string, role: StaffUser['roles'][number]['role'], scope = 'all'): StaffUser => ({
  username,
  name: username,
  roles: [{ role, scope }],
});
const admin = staff('admin', 'Administrator');
const backOffice = staff('backoffice', 'Back Office');
const frontOffice = staff('frontoffice', 'Front Office');
const visaTeam = staff('visateam', 'Visa Team');
const lawOnly = staff('fo-law', 'Front Office', 'school:LAW');
const as = (user: StaffUser | null) => internalHeaders(user ? { [USER_HEADER]: encodeStaffUser(user) } : {});

let people = 0;
type Created = { student: string; course: string; reference: string; depart: string; applicationId: string };

/** Stores an application (through the public store route) with the given status, names and course school/dept. */
async function create(
  options: { status?: 'S' | 'O' | 'R' | 'X' | 'P' | 'I'; user?: string; form?: Record<string, unknown>; school?: string; dept?: string; code?: string } = {},
): Promise<Created> {
  people += 1;
  const code = options.code ?? detail.courseData.UCAS_CODE;
  const body: StoreApplicationRequestInput = {
    submission: {
      ...createApplicationForm({ EMAIL: `desk.${people}@example.com`, UCAS_PERSONAL_ID: String(5000000000 + people), ...options.form }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: {
      UCAS_CODE: code,
      DEPART_NUMBER: '12',
      ALLOW_SECOND_YEAR_ENTRY: false,
      SCHOOL: options.school ?? 'SCI',
      DEPT: options.dept ?? 'CMPS',
      COURSE_CODE_OVERRIDE: null,
    },
    qualOptions: detail.qualOptions,
    assessment: submitOnly,
    decision: { confirmed_status: options.status ?? 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] },
    user: options.user ?? 'public',
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  const saved = applyResponseSchema.parse(res.json());
  return { student: saved.id[0], course: saved.id[1], applicationId: saved.id[2], reference: saved.id[3], depart: saved.depart_number };
}

const list = async (query: string, user: StaffUser | null = admin) => {
  const res = await app.inject({ method: 'GET', url: `${APPLICATIONS_SVC.deskList.path}?${query}`, headers: as(user) });
  if (res.statusCode !== 200 && user) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return { status: res.statusCode, body: res.statusCode === 200 ? applicationListingResponseSchema.parse(res.json()) : res.json() };
};
/** The email and UCAS Personal ID of the person created last (an update keeps them, or it would be a duplicate). */
const me = () => ({ EMAIL: `desk.${people}@example.com`, UCAS_PERSONAL_ID: String(5000000000 + people) });
const ids = (body: unknown) => applicationListingResponseSchema.parse(body).rows.map((r) => r.APPLICATION_ID);

function updateBody(
  form: Record<string, unknown>,
  STATUS: StoreUpdateRequestInput['submission']['STATUS'],
  extra: Partial<StoreUpdateRequestInput> = {},
): StoreUpdateRequestInput {
  return {
    submission: { ...createApplicationForm(form), STATUS } as StoreUpdateRequestInput['submission'],
    qualOptions: detail.qualOptions,
    ALLOW_SECOND_YEAR_ENTRY: false,
    assessment: offerRefer,
    ...extra,
  };
}
const put = (c: Created, body: StoreUpdateRequestInput, user: StaffUser | null) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskUpdate, { params: { student: c.student, course: c.course } }), headers: as(user), payload: body });
const logCount = async (applicationId: string) =>
  (
    await app.db
      .select({ n: count() })
      .from(applicationLog)
      .where(eq(applicationLog.applicationId, Number(applicationId)))
  )[0]?.n ?? 0;

describe(`GET ${APPLICATIONS_SVC.deskList.path} (the listing)`, () => {
  // A course code of its own so these rows are the only ones the filters can see.
  const code = 'DESK1';
  let publicS: Created, staffS: Created, referred: Created, pooled: Created, offered: Created, invited: Created, rejected: Created;
  beforeAll(async () => {
    publicS = await create({ code, form: { NAME1: 'Zoë', NAME2: 'Ångström' } });
    staffS = await create({ code, user: 'frontoffice', form: { NAME1: 'Chloé', NAME2: 'Desk' } });
    referred = await create({ code, status: 'R', form: { NAME1: 'Ravi', NAME2: 'Desk' } });
    pooled = await create({ code, status: 'P', form: { NAME1: 'Pia', NAME2: 'Desk' } });
    offered = await create({ code, status: 'O', form: { NAME1: 'Otto', NAME2: 'Desk' } });
    invited = await create({ code, status: 'I', form: { NAME1: 'Ines', NAME2: 'Desk' } });
    rejected = await create({ code, status: 'X', form: { NAME1: 'Xavi', NAME2: 'Desk' } });
  });
  const only = (created: Created[]) => created.map((c) => c.applicationId).sort((a, b) => Number(b) - Number(a));
  const inCourse = (body: unknown) =>
    applicationListingResponseSchema
      .parse(body)
      .rows.filter((r) => r.UCAS_CODE === code)
      .map((r) => r.APPLICATION_ID);

  it('answers each status filter of spec section 2 with the statuses of domain.md', async () => {
    expect(inCourse((await list('s=p&page_size=200')).body)).toEqual(only([publicS]));
    expect(inCourse((await list('s=b&page_size=200')).body)).toEqual(only([publicS, staffS, referred, pooled]));
    expect(inCourse((await list('s=o&page_size=200')).body)).toEqual(only([offered, invited]));
    expect(inCourse((await list('s=r&page_size=200')).body)).toEqual(only([rejected]));
    expect(inCourse((await list('page_size=200')).body)).toHaveLength(7);
  });

  it('finds names case- and accent-insensitively, and by public reference, student id, application id and UCAS Personal ID', async () => {
    expect(ids((await list('q=zoe%20angstrom')).body)).toEqual([publicS.applicationId]);
    expect(ids((await list('q=CHLOE')).body)).toEqual([staffS.applicationId]);
    const byReference = await list(`q=${publicS.depart}${publicS.reference}`);
    expect(byReference.body).toMatchObject({ total: 1 });
    expect(ids(byReference.body)).toEqual([publicS.applicationId]);
    const byStudent = await list(`q=${referred.student}`);
    expect(byStudent.body).toMatchObject({ total: 1 });
    expect(ids(byStudent.body)).toEqual([referred.applicationId]);
    expect(ids((await list(`q=${offered.applicationId}`)).body)).toContain(offered.applicationId);
    const row = applicationListingResponseSchema.parse((await list(`q=${publicS.student}`)).body).rows[0];
    expect(row).toMatchObject({ NAME1: 'Zoë', NAME2: 'Ångström', STATUS: 'S', SUB_STATUS: null, VISA_STATUS: null, NATIONALITY: 'GBR' });
    expect(ids((await list(`q=${row?.UCAS_PERSONAL_ID}`)).body)).toEqual([publicS.applicationId]);
    expect((await list('q=nobody-by-this-name')).body).toEqual({ rows: [], total: 0, total_capped: false });
  });

  it('pages newest first with the total, and treats a page size that is not positive as 10', async () => {
    const first = applicationListingResponseSchema.parse((await list('q=desk&page_size=2&page=1')).body);
    const second = applicationListingResponseSchema.parse((await list('q=desk&page_size=2&page=2')).body);
    expect(first.total).toBe(6);
    expect(first.rows.map((r) => r.APPLICATION_ID)).toEqual(only([rejected, invited]));
    expect(second.rows.map((r) => r.APPLICATION_ID)).toEqual(only([offered, pooled]));
    expect(applicationListingResponseSchema.parse((await list('page_size=0')).body).rows.length).toBeLessThanOrEqual(10);
  });

  it('pages oldest first with sort=oldest, each row with when it was submitted; refuses an unknown order with 400', async () => {
    const oldest = applicationListingResponseSchema.parse((await list('q=desk&page_size=2&page=1&sort=oldest')).body);
    expect(oldest.total).toBe(6);
    expect(oldest.rows.map((r) => r.APPLICATION_ID)).toEqual([staffS, referred].map((c) => c.applicationId));
    const [row] = oldest.rows;
    const stored = await app.db
      .select({ createdAt: applications.createdAt })
      .from(applications)
      .where(eq(applications.applicationId, Number(staffS.applicationId)));
    expect(row?.SUBMITTED_AT).toBe(stored[0]?.createdAt.toISOString());
    // A scoped user's text search takes the other plan; the order is the same.
    const scoped = applicationListingResponseSchema.parse((await list('q=desk&page_size=2&sort=oldest', staff('fo-sci', 'Front Office', 'school:SCI'))).body);
    expect(scoped.rows.map((r) => r.APPLICATION_ID)).toEqual([staffS, referred].map((c) => c.applicationId));
    const bad = await app.inject({ method: 'GET', url: `${APPLICATIONS_SVC.deskList.path}?sort=longest`, headers: as(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain("'sort' must be newest or oldest.");
  });

  it('counts at most up to the cap past the page: more matches answer the cap with total_capped, inside the user’s scope', async () => {
    // 1,005 people named 'Capped' on a course of school CAPS, stored with SQL (the public route would take minutes).
    await app.db.execute(sql`
      insert into students (name1, name2, email, email_normalised, dob, nationality, tel1, name1_folded, name2_folded)
      select 'Ada', 'Capped' || n, 'capped' || n || '@example.com', 'capped' || n || '@example.com', '2006-01-01', 'GBR', '07700900000', 'ada', 'capped' || n
      from generate_series(1, 1005) n`);
    await app.db.execute(sql`
      insert into applications (hash, submission_id, student_id, ucas_code, depart_number, status, form, assessment, over18, second_year_entry,
        email_normalised, school, dept, names_folded, name2_folded)
      select md5(s.student_id), gen_random_uuid(), s.student_id, 'CAP1', '31', 'S', jsonb_build_object('NAME1', s.name1, 'NAME2', s.name2), '{}'::jsonb, 1, 0,
        s.email_normalised, 'CAPS', 'CAPD', s.name1_folded || ' ' || s.name2_folded, s.name2_folded
      from students s where s.name2_folded like 'capped%'`);
    expect(listingTotalCap(1, 10)).toBe(1000);
    expect(listingTotalCap(100, 10)).toBe(2000);
    const first = (await list('q=capped&page_size=10')).body;
    expect(first).toMatchObject({ total: 1000, total_capped: true });
    expect(first.rows).toHaveLength(10);
    // Page 100 (rows 991-1000) counts up to 2,000: all 1,005, exactly.
    expect((await list('q=capped&page_size=10&page=100')).body).toMatchObject({ total: 1005, total_capped: false });
    expect((await list('q=capped&page_size=10&page=101')).body.rows).toHaveLength(5);
    // A page past the last match has no row to carry the total: it is counted alone, exactly and in scope.
    expect((await list('q=capped&page_size=10&page=102')).body).toEqual({ rows: [], total: 1005, total_capped: false });
    expect((await list('q=capped&page_size=10&page=102', lawOnly)).body).toEqual({ rows: [], total: 0, total_capped: false });
    // The total travels beside each row inside the service only: a row answers the listing's columns, no more.
    const raw = await app.inject({ method: 'GET', url: `${APPLICATIONS_SVC.deskList.path}?q=capped&page_size=1`, headers: as(admin) });
    expect(Object.keys(raw.json().rows[0]).sort()).toEqual(Object.keys(applicationSearchRowSchema.shape).sort());
    // The count keeps the scope: a user of another school counts none of them, one of CAPS all.
    expect((await list('q=capped', lawOnly)).body).toEqual({ rows: [], total: 0, total_capped: false });
    expect((await list('q=capped&page_size=200&page=5', staff('fo-caps', 'Front Office', 'school:CAPS'))).body).toMatchObject({
      total: 1005,
      total_capped: false,
    });
  });

  it('lists only courses the user has a role on, and nothing without a user', async () => {
    const law = await create({ code, school: 'LAW', dept: 'LAWD', form: { NAME1: 'Lara', NAME2: 'Lawful' } });
    expect(ids((await list('q=lawful', lawOnly)).body)).toEqual([law.applicationId]);
    expect(ids((await list('q=desk', lawOnly)).body)).toEqual([]);
    expect(ids((await list('q=lawful', staff('editor-cmps', 'Editor', 'dept:CMPS'))).body)).toEqual([]);
    expect((await list('q=lawful', null)).status).toBe(403);
  });

  it('finds applicants by nationality (an alpha-3 code, any case), with the text and inside the scope; refuses a malformed code with 400', async () => {
    const nationCode = 'DESKN';
    const nigerian = await create({ code: nationCode, form: { NAME1: 'Ngozi', NAME2: 'Nationfilter', NATIONALITY: 'NGA', VISA_TYPE: 't4gen' } });
    const indian = await create({ code: nationCode, form: { NAME1: 'Isha', NAME2: 'Nationfilter', NATIONALITY: 'IND', VISA_TYPE: 'dunno' } });
    await create({ code: nationCode, form: { NAME1: 'Gemma', NAME2: 'Nationfilter', NATIONALITY: 'GBR' } });
    expect(ids((await list('q=nationfilter')).body)).toHaveLength(3);
    expect(ids((await list('q=nationfilter&nationality=NGA', visaTeam)).body)).toEqual([nigerian.applicationId]);
    expect(ids((await list('q=nationfilter&nationality=ind', visaTeam)).body)).toEqual([indian.applicationId]);
    const all = applicationListingResponseSchema.parse((await list('nationality=NGA&page_size=200', visaTeam)).body);
    expect(all.rows.map((r) => r.APPLICATION_ID)).toContain(nigerian.applicationId);
    expect(new Set(all.rows.map((r) => r.NATIONALITY))).toEqual(new Set(['NGA']));
    expect(ids((await list('q=nationfilter&nationality=NGA', lawOnly)).body)).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: `${APPLICATIONS_SVC.deskList.path}?nationality=NG1`, headers: as(visaTeam) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain("'nationality' must be a three-letter country code.");
  });

  it('finds visa records (s=v, visa=1) and logged outbound calls (s=c)', async () => {
    const c = await create({ code, form: { NAME1: 'Vera', NAME2: 'Visa' } });
    expect(ids((await list('s=v&q=visa')).body)).toEqual([]);
    const visa = createVisaData({ VISA_STATUS: 'P', VISA_APPLICANT_STATUS: 't4gen' });
    expect(
      (
        await app.inject({
          ...endpointRequest(APPLICATIONS_SVC.deskVisa, { params: { student: c.student, course: c.course } }),
          headers: as(frontOffice),
          payload: visa,
        })
      ).statusCode,
    ).toBe(403);
    const saved = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskVisa, { params: { student: c.student, course: c.course } }),
      headers: as(visaTeam),
      payload: visa,
    });
    expect(saved.statusCode).toBe(200);
    expect(ids((await list('s=v&q=visa')).body)).toEqual([c.applicationId]);
    expect(ids((await list('visa=1&q=visa')).body)).toEqual([c.applicationId]);
    expect(applicationListingResponseSchema.parse((await list('s=v&q=visa')).body).rows[0]?.VISA_STATUS).toBe('P');

    expect(ids((await list('s=c&q=visa')).body)).toEqual([]);
    const call = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskOutboundCall, { params: { student: c.student, course: c.course } }),
      headers: as(frontOffice),
      payload: { CALL_OUTCOME: 'Called left voicemail', NOTES: 'Will try again at 3pm' },
    });
    expect(call.statusCode).toBe(200);
    expect(call.json()).toEqual({
      OUTBOUND_CALL_FLAG: 1,
      OUTBOUND_CALL_REMARK: 'Called left voicemail: Will try again at 3pm',
      log: { MESSAGE: 'Outbound call logged: Called left voicemail: Will try again at 3pm' },
    });
    expect(ids((await list('s=c&q=visa')).body)).toEqual([c.applicationId]);
    const stored = staffStoredApplicationSchema.parse(
      (
        await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: c.student, course: c.course } }), headers: as(admin) })
      ).json(),
    );
    expect(stored.applicationData.LOG.map((l) => [l.MESSAGE, l.USER, l.STATUS])).toEqual([
      ['Application created with status Submitted.', 'public', 'S'],
      ['Visa record updated (visa status P).', 'visateam', 'S'],
      ['Outbound call logged: Called left voicemail: Will try again at 3pm', 'frontoffice', 'S'],
    ]);
    expect(stored.visaData).toMatchObject({ VISA_STATUS: 'P', VISA_APPLICANT_STATUS: 't4gen', HAS_ATAS_CERTIFICATE: null });
    // The cycle it was made in (the stored cycle current at the time), which the application screen shows.
    expect(stored.CYCLE).toBe('2025/26');
    const tooLong = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskOutboundCall, { params: { student: c.student, course: c.course } }),
      headers: as(frontOffice),
      payload: { NOTES: 'x'.repeat(251) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain("'Notes' max length is 250.");
  });

  it('lets the Visa Team set the visa state: stored with a LOG row, shown in the listing; other roles and bad states refused, nothing stored', async () => {
    const c = await create({ code, form: { NAME1: 'Stella', NAME2: 'Visastate' } });
    const setState = (user: typeof visaTeam, payload: object) =>
      app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskVisaState, { params: { student: c.student, course: c.course } }), headers: as(user), payload });
    expect((await setState(frontOffice, { VISA_STATUS: 'A' })).statusCode).toBe(403);
    const bad = await setState(visaTeam, { VISA_STATUS: 'Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'Visa status' is required.");
    expect(ids((await list('s=v&q=visastate')).body)).toEqual([]);

    const set = await setState(visaTeam, { VISA_STATUS: 'A' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ VISA_STATUS: 'A', updated_at: expect.any(String) });
    expect(applicationListingResponseSchema.parse((await list('s=v&q=visastate')).body).rows.map((r) => [r.APPLICATION_ID, r.VISA_STATUS])).toEqual([
      [c.applicationId, 'A'],
    ]);
    const stored = staffStoredApplicationSchema.parse(
      (
        await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: c.student, course: c.course } }), headers: as(admin) })
      ).json(),
    );
    expect(stored.VISA_STATUS).toBe('A');
    expect(stored.applicationData.LOG.map((l) => [l.MESSAGE, l.USER, l.STATUS])).toEqual([
      ['Application created with status Submitted.', 'public', 'S'],
      ['Visa state set to Approved.', 'visateam', 'S'],
    ]);
  });

  it('pages the v and c filters newest first (their indexes in the listing order, migration 0011), exactly and inside the scope', async () => {
    // Ordered1..Ordered30 on a course of school ORD, stored with SQL in that order: a visa record on every 3rd, a logged call on every 5th.
    await app.db.execute(sql`
      insert into students (name1, name2, email, email_normalised, dob, nationality, tel1, name1_folded, name2_folded)
      select 'Ola', 'Ordered' || n, 'ordered' || n || '@example.com', 'ordered' || n || '@example.com', '2006-01-01', 'GBR', '07700900000', 'ola', 'ordered' || n
      from generate_series(1, 30) n`);
    await app.db.execute(sql`
      insert into applications (hash, submission_id, student_id, ucas_code, depart_number, status, form, assessment, over18, second_year_entry,
        email_normalised, school, dept, names_folded, name2_folded, visa_status, outbound_call_flag)
      select md5(s.student_id), gen_random_uuid(), s.student_id, 'ORD1', '31', 'S', jsonb_build_object('NAME1', s.name1, 'NAME2', s.name2), '{}'::jsonb, 1, 0,
        s.email_normalised, 'ORD', 'ORDD', s.name1_folded || ' ' || s.name2_folded, s.name2_folded,
        case when n % 3 = 0 then 'P' end, (n % 5 = 0)::int
      from (select *, substr(name2, 8)::int as n from students where name2_folded like 'ordered%') s order by s.n`);
    const ordUser = staff('fo-ord', 'Front Office', 'school:ORD');
    const names = (body: unknown) => applicationListingResponseSchema.parse(body).rows.map((r) => r.NAME2);
    const visaPages = await Promise.all([1, 2, 3].map((page) => list(`s=v&page_size=4&page=${page}`, ordUser)));
    expect(visaPages.map((p) => names(p.body))).toEqual([
      ['Ordered30', 'Ordered27', 'Ordered24', 'Ordered21'],
      ['Ordered18', 'Ordered15', 'Ordered12', 'Ordered9'],
      ['Ordered6', 'Ordered3'],
    ]);
    expect(visaPages.map((p) => p.body.total)).toEqual([10, 10, 10]);
    const calls = (await list('s=c&page_size=4&page=2', ordUser)).body;
    expect({ names: names(calls), total: calls.total }).toEqual({ names: ['Ordered10', 'Ordered5'], total: 6 });
    // An Administrator finds the same rows among everyone's; a user of another school none of them.
    expect(names((await list('s=c&q=ordered&page_size=10')).body)).toEqual(['Ordered30', 'Ordered25', 'Ordered20', 'Ordered15', 'Ordered10', 'Ordered5']);
    expect((await list('s=v&q=ordered', lawOnly)).body).toEqual({ rows: [], total: 0, total_capped: false });
    expect((await list('s=c&q=ordered', lawOnly)).body).toEqual({ rows: [], total: 0, total_capped: false });
  });
});

describe(`PUT ${APPLICATIONS_SVC.deskUpdate.path} (editing)`, () => {
  it('lets Front Office edit a public submission but refuses a referred one (spec section 6)', async () => {
    const s = await create({ form: { NAME1: 'Fran', NAME2: 'Editable' } });
    const res = await put(
      s,
      updateBody({ EMAIL: `desk.${people}@example.com`, UCAS_PERSONAL_ID: String(5000000000 + people), NAME1: 'Frances', NAME2: 'Editable' }, 'S', {
        assessment: submitOnly,
      }),
      frontOffice,
    );
    expect(res.statusCode).toBe(200);
    expect(staffUpdateResponseSchema.parse(res.json())).toMatchObject({ confirmed_status: 'S', version: 2 });

    const r = await create({ status: 'R' });
    const refused = await put(r, updateBody(me(), 'R', { assessment: submitOnly }), frontOffice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CANNOT_EDIT_ANY });
    expect(await logCount(r.applicationId)).toBe(1);
  });

  it('refuses a status that is not among the buttons, and one that needs set-status', async () => {
    const s = await create();
    const email = me();
    const pooled = await put(s, updateBody(email, 'P'), backOffice);
    expect(pooled.statusCode).toBe(403);
    expect(pooled.json()).toEqual({ message: 'Status P is not one of the statuses you may set for this application.' });
    // Front Office has no set-status: the gateway gives it only Submit, and O is refused even if offered.
    expect((await put(s, updateBody(email, 'O'), frontOffice)).statusCode).toBe(403);
  });

  it('lets set-status staff mark an existing application a duplicate (D) whatever its light, and refuses it to staff without set-status', async () => {
    const pooled = await create({ status: 'P', form: { NAME1: 'Dee', NAME2: 'Duplicate' } });
    const red = assessment([
      { STATUS: 'X', LABEL: 'Reject' },
      { STATUS: 'R', LABEL: 'Refer' },
    ]);
    const res = await put(pooled, updateBody({ ...me(), NAME1: 'Dee', NAME2: 'Duplicate' }, 'D', { assessment: red }), backOffice);
    expect(res.statusCode).toBe(200);
    expect(staffUpdateResponseSchema.parse(res.json())).toMatchObject({ confirmed_status: 'D', version: 2 });
    const s = await create();
    const refused = await put(s, updateBody(me(), 'D', { assessment: submitOnly }), frontOffice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Status D is not one of the statuses you may set for this application.' });
  });

  it('opens the live application of a withdrawn applicant who applied again, by the same STUDENT_ID and course', async () => {
    const withdrawn = await create({ form: { NAME1: 'Wendy', NAME2: 'Again' } });
    const email = me();
    const res = await put(withdrawn, updateBody({ ...email, NAME1: 'Wendy', NAME2: 'Again' }, 'W', { assessment: submitOnly }), backOffice);
    expect(res.statusCode).toBe(200);
    people -= 1; // the same person applies again
    const again = await create({ form: { NAME1: 'Wendy', NAME2: 'Again' } });
    expect(again.student).toBe(withdrawn.student);
    expect(again.applicationId).not.toBe(withdrawn.applicationId);
    const opened = staffStoredApplicationSchema.parse(
      (
        await app.inject({
          ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: again.student, course: again.course } }),
          headers: as(backOffice),
        })
      ).json(),
    );
    expect(opened.applicationData.STATUS).toBe('S');
    expect(opened.applicationData.APPLICATION_ID).toBe(again.applicationId);
  });

  it('refuses an offer over the allowance from anyone but an Administrator (contracts overAllowanceRefusal), changing nothing', async () => {
    const s = await create();
    const body = updateBody(me(), 'O');
    const refused = await put(s, { ...body, submission: { ...body.submission, OVER_ALLOWANCE: true } }, backOffice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only an Administrator may offer over the allowance.' });
    expect(await logCount(s.applicationId)).toBe(1);
  });

  it('changes the status with the LOG naming the fields and both statuses', async () => {
    const s = await create({ form: { NAME1: 'Logan', NAME2: 'Logged' } });
    const res = await put(s, updateBody({ EMAIL: me().EMAIL, NAME1: 'Logan', NAME2: 'Logged', TEL1: '07000000000' }, 'O'), backOffice);
    expect(res.statusCode).toBe(200);
    const stored = staffStoredApplicationSchema.parse(
      (
        await app.inject({
          ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: s.student, course: s.course } }),
          headers: as(backOffice),
        })
      ).json(),
    );
    expect(stored.applicationData.STATUS).toBe('O');
    expect(stored.version).toBe(2);
    expect(stored.applicationData.LOG.at(-1)).toMatchObject({
      MESSAGE: 'Status changed from Submitted (S) to Offered (O). Fields changed: TEL1, UCAS_PERSONAL_ID.',
      USER: 'backoffice',
      STATUS: 'O',
    });
  });

  it('counts a status change in clearing_decisions_total (source staff), and an edit that keeps the status not at all', async () => {
    const decisions = async (status: string) =>
      metricValue(await app.metricsRegistry.metrics(), 'clearing_decisions_total', { app: 'applications-svc', status, source: 'staff' }) ?? Number.NaN;
    const s = await create({ form: { NAME1: 'Minnie', NAME2: 'Metric' } });
    const [offeredBefore, submittedBefore] = [await decisions('O'), await decisions('S')];
    expect((await put(s, updateBody({ ...me(), NAME1: 'Minnie', NAME2: 'Metric', TEL1: '07000000001' }, 'S'), backOffice)).statusCode).toBe(200);
    expect((await put(s, updateBody({ ...me(), NAME1: 'Minnie', NAME2: 'Metric', TEL1: '07000000001' }, 'O'), backOffice)).statusCode).toBe(200);
    expect([await decisions('O'), await decisions('S')]).toEqual([offeredBefore + 1, submittedBefore]);
  });

  it('answers 409 to a stale If-Match version and overwrites nothing', async () => {
    const s = await create({ form: { NAME1: 'Vic', NAME2: 'Version' } });
    const email = me();
    const first = await put(s, updateBody({ ...email, NAME1: 'First', NAME2: 'Version' }, 'S', { ifMatch: 1, assessment: submitOnly }), backOffice);
    expect(first.statusCode).toBe(200);
    const second = await put(s, updateBody({ ...email, NAME1: 'Second', NAME2: 'Version' }, 'S', { ifMatch: 1, assessment: submitOnly }), admin);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: VERSION_CONFLICT });
    const stored = staffStoredApplicationSchema.parse(
      (
        await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: s.student, course: s.course } }), headers: as(admin) })
      ).json(),
    );
    expect(stored.applicationData.NAME1).toBe('First');
    expect(stored.version).toBe(2);
    expect(await logCount(s.applicationId)).toBe(2);
  });

  it('leaves neither the change nor a LOG row when the update fails (duplicate email on the course)', async () => {
    const a = await create();
    const taken = `desk.${people}@example.com`;
    const b = await create({ form: { NAME1: 'Bea', NAME2: 'Blocked' } });
    const res = await put(b, updateBody({ EMAIL: taken, NAME1: 'Changed' }, 'S', { assessment: submitOnly }), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SPEC_DUPLICATE });
    const [row] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.applicationId, Number(b.applicationId)));
    expect(row?.form.NAME1).toBe('Bea');
    expect(row?.version).toBe(1);
    expect(await logCount(b.applicationId)).toBe(1);
    expect(a.applicationId).not.toBe(b.applicationId);
  });

  it('answers 404 for an unknown application and 403 without a role on its course', async () => {
    expect((await put({ student: '999', course: 'NOPE', reference: '', depart: '', applicationId: '' }, updateBody({}, 'S'), admin)).statusCode).toBe(404);
    const s = await create();
    const res = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: s.student, course: s.course } }),
      headers: as(lawOnly),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NO_ROLE });
  });
});

describe(`POST ${APPLICATIONS_SVC.store.path} as a staff create`, () => {
  it('refuses a status the buttons do not offer, and reuses the student chosen in the search', async () => {
    const first = await create({ form: { NAME1: 'Stu', NAME2: 'Dent' } });
    const body = (status: 'O' | 'R', studentId?: string): StoreApplicationRequestInput => ({
      submission: {
        ...createApplicationForm({ EMAIL: `desk.${people}@example.com`, NAME1: 'Stu', NAME2: 'Dent' }),
        SUBMISSION_ID: randomUUID(),
      } as StoreApplicationRequestInput['submission'],
      course: { UCAS_CODE: 'DESK2', DEPART_NUMBER: '12', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS' },
      qualOptions: detail.qualOptions,
      assessment: assessment([{ STATUS: 'R', LABEL: 'Refer' }]),
      decision: { confirmed_status: status, sub_status: null, rejection_reasons: [], recommended_courses: [] },
      user: 'backoffice',
      staff: true,
      ...(studentId ? { studentId } : {}),
    });
    const refused = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: as(backOffice), payload: body('O', first.student) });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: as(lawOnly), payload: body('R', first.student) })).statusCode).toBe(403);
    const created = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: as(backOffice), payload: body('R', first.student) });
    expect(created.statusCode).toBe(201);
    expect(applyResponseSchema.parse(created.json()).id[0]).toBe(first.student);

    // The same student again for the same course, under another email: a duplicate.
    const again = body('R', first.student);
    const twice = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.store),
      headers: as(backOffice),
      payload: { ...again, submission: { ...again.submission, EMAIL: 'other.address@example.com', UCAS_PERSONAL_ID: '' } },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: SPEC_DUPLICATE });
    const search = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskStudents, { query: { NAME1: 'stu', NAME2: 'DENT' } }),
      headers: as(frontOffice),
    });
    expect(studentSearchResponseSchema.parse(search.json()).rows).toEqual([
      { ID: first.student, NAME1: 'Stu', NAME2: 'Dent', APPLIED_TO: `${first.course},DESK2` },
    ]);
    expect((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskStudents, { query: { NAME1: 'stu' } }), headers: as(null) })).statusCode).toBe(403);
  });
});

describe('scope of the student search and the staff create', () => {
  const editorCmps = staff('editor-cmps', 'Editor', 'dept:CMPS');
  const search = async (query: string, user: StaffUser) => {
    const res = await app.inject({ method: 'GET', url: `${APPLICATIONS_SVC.deskStudents.path}?${query}`, headers: as(user) });
    expect(res.statusCode).toBe(200);
    return studentSearchResponseSchema.parse(res.json()).rows;
  };

  it('finds only students with an application in the user’s scopes, and lists only those courses in APPLIED_TO', async () => {
    const science = await create({ code: 'SCOPE1', school: 'SCI', dept: 'CMPS', form: { NAME1: 'Sasha', NAME2: 'Scoped' } });
    const lawStudent = await create({ code: 'SCOPE2', school: 'LAW', dept: 'LAWD', form: { NAME1: 'Lior', NAME2: 'Scoped' } });
    // The science student also applied to a law course: fo-law sees them, with only that course.
    const both = await create({ code: 'SCOPE3', school: 'SCI', dept: 'PHYS', form: { NAME1: 'Bo', NAME2: 'Scoped' } });
    await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.store),
      headers: as(admin),
      payload: {
        submission: { ...createApplicationForm({ ...me(), NAME1: 'Bo', NAME2: 'Scoped' }), SUBMISSION_ID: randomUUID() },
        course: { UCAS_CODE: 'SCOPE4', DEPART_NUMBER: '12', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'LAW', DEPT: 'LAWD' },
        qualOptions: detail.qualOptions,
        assessment: submitOnly,
        decision: { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] },
        user: 'admin',
        staff: true,
        studentId: both.student,
      },
    });

    expect((await search('NAME2=scoped', lawOnly)).map((r) => [r.NAME1, r.APPLIED_TO])).toEqual([
      ['Bo', 'SCOPE4'],
      ['Lior', 'SCOPE2'],
    ]);
    expect((await search('NAME2=scoped', editorCmps)).map((r) => [r.NAME1, r.APPLIED_TO])).toEqual([['Sasha', 'SCOPE1']]);
    expect((await search('NAME2=scoped', frontOffice)).map((r) => [r.NAME1, r.APPLIED_TO])).toEqual([
      ['Bo', 'SCOPE3,SCOPE4'],
      ['Lior', 'SCOPE2'],
      ['Sasha', 'SCOPE1'],
    ]);
    expect(await search(`EMAIL=${encodeURIComponent(`desk.${people}@example.com`)}`, editorCmps)).toEqual([]);
    expect(science.student).not.toBe(lawStudent.student);
  });

  it('adds a new application only to a student the user may see: any other is not found, and nothing is stored', async () => {
    const lawStudent = await create({ code: 'SCOPE5', school: 'LAW', dept: 'LAWD', form: { NAME1: 'Lena', NAME2: 'Outside' } });
    const body = (studentId: string): StoreApplicationRequestInput => ({
      submission: {
        ...createApplicationForm({ EMAIL: `outside.${people}@example.com`, NAME1: 'Lena', NAME2: 'Outside' }),
        SUBMISSION_ID: randomUUID(),
      } as StoreApplicationRequestInput['submission'],
      course: { UCAS_CODE: 'SCOPE6', DEPART_NUMBER: '12', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS' },
      qualOptions: detail.qualOptions,
      assessment: submitOnly,
      decision: { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] },
      user: 'editor-cmps',
      staff: true,
      studentId,
    });
    const before = (await app.db.select({ n: count() }).from(applications))[0]?.n;
    const refused = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: as(editorCmps), payload: body(lawStudent.student) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: STUDENT_NOT_FOUND });
    expect((await app.db.select({ n: count() }).from(applications))[0]?.n).toBe(before);
    // Front Office over all courses may see the student: the same create is stored.
    const allowed = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: as(frontOffice), payload: body(lawStudent.student) });
    expect(allowed.statusCode).toBe(201);
    expect(applyResponseSchema.parse(allowed.json()).id[0]).toBe(lawStudent.student);
  });
});
