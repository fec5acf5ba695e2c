import { randomUUID } from 'node:crypto';
import {
  deskApplicationResponseSchema,
  apiPath,
  applicationListingResponseSchema,
  statusPageResponseSchema,
  type ApplyResponse,
  applyResponseSchema,
  outboundCallResponseSchema,
  publicReference,
  STAFF_LOG_USER_FOR_APPLICANT,
  staffUpdateResponseSchema,
  studentSearchResponseSchema,
  uploadResponseSchema,
  visaResponseSchema,
  visaStateResponseSchema,
  visaUpdateResponseSchema,
  apiRouteLabel,
  presenceResponseSchema,
  workQueueNextResponseSchema,
} from '@clearing-desk/contracts';
import { createApplicationForm, createDocumentReference, createSampleDocument, createVisaData, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/** Demo catalogue: G400 Computer Science BSc (SCI, dept CMPS), open; DOCUMENT_TYPES 'ALEVELS,GCSE5'. */
const COURSE = 'G400';

/** The staff desk's refusals and conflict, word for word as staff read them. */
const NOT_LOGGED_IN = 'Not logged in';
const NO_ROLE = 'You have no role on this course.';
const CANNOT_EDIT_ANY = 'Your role on this course cannot edit applications with this status.';
const STUDENT_NOT_FOUND = 'Student not found.';
const VERSION_CONFLICT = 'This application was changed by someone else since you opened it. Reload it to see their changes.';

let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

/** A signed-in client per demo user (made once). */
const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
let people = 0;
/** A G400 form from a distinct person, assessed green (A*AB, five GCSEs). */
function form(overrides: Record<string, unknown> = {}) {
  people += 1;
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    EMAIL: `desk.gateway.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7200000000 + people),
    SUBMISSION_ID: randomUUID(),
    ...overrides,
  };
}

/** Takes an application by phone as `username` with `STATUS`; answers the record. */
async function takeByPhone(
  username: string,
  STATUS: string,
  overrides: Record<string, unknown> = {},
): Promise<{ saved: ApplyResponse; data: ReturnType<typeof form> }> {
  const data = form({ STATUS, ...overrides });
  const res = await (await as(username)).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), data);
  expect(res.status).toBe(200);
  return { saved: applyResponseSchema.parse(res.body), data };
}
const pathOf = (saved: ApplyResponse) => apiPath('deskApplication', { student: saved.id[0], course: saved.id[1] });
const listing = async (username: string, query: string) => {
  const res = await (await as(username)).get(`${apiPath('deskApplications')}?${query}&_=${Date.now()}`);
  expect(res.status).toBe(200);
  return applicationListingResponseSchema.parse(res.body);
};

describe('without a session', () => {
  it.each([
    ['GET', apiPath('deskApplications')],
    ['GET', `${apiPath('deskStudents')}?NAME1=a`],
    ['GET', apiPath('deskApplication', { student: '2600001', course: COURSE })],
    ['GET', apiPath('deskVisa', { student: '2600001', course: COURSE })],
  ])('%s %s answers 401', async (_method, path) => {
    const res = await new StackClient(stack.gatewayUrl).get(path);
    expect(res).toMatchObject({ status: 401, body: { message: NOT_LOGGED_IN } });
  });

  it.each([
    ['POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE })],
    ['PUT', apiPath('deskApplicationUpdate', { student: '2600001', course: COURSE })],
    ['PUT', apiPath('deskOutboundCall', { student: '2600001', course: COURSE })],
    ['PUT', apiPath('deskPresence', { student: '2600001', course: COURSE })],
    ['DELETE', apiPath('deskPresenceRelease', { student: '2600001', course: COURSE })],
    ['POST', apiPath('deskQueueNext')],
  ] as const)('%s %s answers 401', async (method, path) => {
    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const res = await client.send(method, path, { NOTES: '' });
    expect(res).toEqual({ status: 401, body: { message: NOT_LOGGED_IN } });
  });
});

describe(`${apiRouteLabel('deskApplicationCreate')} (taking an application by phone)`, () => {
  it('lets Back Office offer with its buttons, and refuses Front Office a status beyond Submit', async () => {
    const { saved } = await takeByPhone('backoffice', 'O');
    expect(saved.confirmed_status).toBe('O');
    const refused = await (await as('frontoffice')).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form({ STATUS: 'O' }));
    expect(refused).toEqual({ status: 403, body: { message: 'Status O is not one of the statuses you may set for this application.' } });
    expect((await takeByPhone('frontoffice', 'S')).saved.confirmed_status).toBe('S');
  });

  it('refuses users without a role on the course', async () => {
    for (const username of ['fo-law', 'nogroups']) {
      const res = await (await as(username)).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form({ STATUS: 'S' }));
      expect(res).toEqual({ status: 403, body: { message: NO_ROLE } });
    }
  });

  it('releases the documents it claimed when the store then refuses (an unknown student): another application may use them', async () => {
    const adviser = await as('backoffice');
    const upload = await adviser.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
    const token = uploadResponseSchema.parse(upload.body).token;
    const ALEVELS_DOCUMENT_1 = createDocumentReference(token);
    // The documents are claimed before the store, which answers 404 for a student that does not exist.
    const refused = await adviser.send(
      'POST',
      apiPath('deskApplicationCreate', { student: '9999999', course: COURSE }),
      form({ STATUS: 'R', ALEVELS_DOCUMENT_1 }),
    );
    expect(refused).toEqual({ status: 404, body: { message: STUDENT_NOT_FOUND } });
    // Had the claim stayed, files-svc would refuse the token as another submission's (409 naming the document).
    const { saved } = await takeByPhone('backoffice', 'R', { ALEVELS_DOCUMENT_1 });
    const documents = deskApplicationResponseSchema.parse((await adviser.get(`${pathOf(saved)}?_=1`)).body).documents;
    expect(documents.map((d) => d.file_name)).toEqual(['results.pdf']);
  });

  it('adds a course for a student chosen in the student search, who then shows it in APPLIED_TO', async () => {
    const { saved, data } = await takeByPhone('backoffice', 'R', { NAME1: 'Renée', NAME2: 'Searchable' });
    const search = await (await as('frontoffice')).get(`${apiPath('deskStudents')}?NAME1=RENEE&NAME2=SEARCHABLE&_=1`);
    expect(studentSearchResponseSchema.parse(search.body).rows).toEqual([{ ID: saved.id[0], NAME1: 'Renée', NAME2: 'Searchable', APPLIED_TO: COURSE }]);
    const again = await (
      await as('backoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: saved.id[0], course: COURSE }), { ...data, SUBMISSION_ID: randomUUID(), STATUS: 'R' });
    expect(again.status).toBe(409);
  });
});

describe(`${apiRouteLabel('deskPresence')} (who has an application open)`, () => {
  it('shows the first adviser to a second, refuses the second one’s save with 409 naming the first, and frees it on release', async () => {
    const { saved, data } = await takeByPhone('frontoffice', 'S', { NAME1: 'Pria', NAME2: 'Presence' });
    const { SUBMISSION_ID: _id, ...rest } = data;
    const presencePath = apiPath('deskPresence', { student: saved.id[0], course: saved.id[1] });
    const backoffice = await as('backoffice');
    const admin = await as('admin');
    const first = await backoffice.send('PUT', presencePath, { take_over: false });
    expect(first.status).toBe(200);
    expect(presenceResponseSchema.parse(first.body)).toMatchObject({ holder: { username: 'backoffice', name: 'Bola Backoffice' }, mine: true });
    const second = presenceResponseSchema.parse((await admin.send('PUT', presencePath, {})).body);
    expect(second).toMatchObject({ holder: { username: 'backoffice' }, mine: false });
    const refused = await admin.send('PUT', pathOf(saved), { ...rest, TEL1: '07123456789', STATUS: 'S' });
    expect(refused).toEqual({
      status: 409,
      body: { message: 'Bola Backoffice has this application open, so you cannot save over their call. Take it over to save your changes.' },
    });
    // Without the XSRF token nothing changes hands.
    expect((await admin.send('PUT', presencePath, { take_over: true }, '')).status).toBe(403);
    const released = await backoffice.send('DELETE', presencePath, null);
    expect(presenceResponseSchema.parse(released.body)).toMatchObject({ holder: null, mine: false });
    expect((await admin.send('PUT', pathOf(saved), { ...rest, TEL1: '07123456789', STATUS: 'S' })).status).toBe(200);
  });
});

describe(`${apiRouteLabel('deskQueueNext')} ('Next call')`, () => {
  it('claims a referral due back for the adviser, answers it again until an outcome, and hands the next adviser another', async () => {
    // Two referrals at least (earlier tests stored others, due at the same noon: the lower id first).
    await takeByPhone('backoffice', 'R', { NAME1: 'Quinn', NAME2: 'Queue' });
    await takeByPhone('backoffice', 'R', { NAME1: 'Quentin', NAME2: 'Queue' });
    const editor = await as('editor');
    const first = workQueueNextResponseSchema.parse((await editor.send('POST', apiPath('deskQueueNext'), {})).body).item;
    expect(first).toMatchObject({ kind: 'referral-due', reason: expect.stringMatching(/^Referral due back by 12:00 on /) });
    expect(workQueueNextResponseSchema.parse((await editor.send('POST', apiPath('deskQueueNext'), {})).body).item).toEqual(first);
    const other = workQueueNextResponseSchema.parse((await (await as('admin')).send('POST', apiPath('deskQueueNext'), {})).body).item;
    expect(other?.APPLICATION_ID).not.toBe(first?.APPLICATION_ID);
    expect(other).not.toBeNull();
  });
});

describe(`${apiRouteLabel('deskApplications')} (the listing)`, () => {
  it('finds a phone application by public reference and by name (accent-insensitive), with the status filter', async () => {
    const { saved } = await takeByPhone('backoffice', 'R', { NAME1: 'Élodie', NAME2: 'Phonecall' });
    expect((await listing('frontoffice', `q=${publicReference(saved)}`)).rows.map((r) => r.APPLICATION_ID)).toEqual([saved.app_id]);
    const byName = await listing('frontoffice', 'q=elodie%20phonecall');
    expect(byName.rows).toEqual([
      expect.objectContaining({
        STUDENT_ID: saved.id[0],
        APPLICATION_ID: saved.app_id,
        UCAS_CODE: COURSE,
        NAME1: 'Élodie',
        NAME2: 'Phonecall',
        STATUS: 'R',
        SUB_STATUS: null,
        VISA_STATUS: null,
      }),
    ]);
    expect((await listing('admin', 'q=phonecall&s=b')).total).toBe(1);
    expect((await listing('admin', 'q=phonecall&s=o')).total).toBe(0);
    expect((await listing('fo-law', 'q=phonecall')).total).toBe(0);
  });

  it('passes the nationality filter to the listing: the Visa Team finds an applicant by alpha-3 code', async () => {
    const { saved } = await takeByPhone('frontoffice', 'S', { NAME1: 'Ngozi', NAME2: 'Gatewaynation', NATIONALITY: 'NGA', VISA_TYPE: 't4gen' });
    await takeByPhone('frontoffice', 'S', { NAME1: 'Gemma', NAME2: 'Gatewaynation', NATIONALITY: 'GBR' });
    expect((await listing('visateam', 'q=gatewaynation')).total).toBe(2);
    expect((await listing('visateam', 'q=gatewaynation&nationality=NGA')).rows.map((r) => [r.APPLICATION_ID, r.NATIONALITY])).toEqual([[saved.app_id, 'NGA']]);
    const bad = await (await as('visateam')).get(`${apiPath('deskApplications')}?nationality=N1&_=1`);
    expect(bad.status).toBe(400);
  });

  it('refuses a malformed filter with 400', async () => {
    const res = await (await as('admin')).get(`${apiPath('deskApplications')}?s=z`);
    expect(res.status).toBe(400);
  });
});

describe('GET and PUT /api/admin/applications/:student/:course (editing)', () => {
  it('answers the application with an ETag, buttons for the role, and updates with If-Match; a stale version is a 409', async () => {
    const { saved, data } = await takeByPhone('frontoffice', 'S', { NAME1: 'Ada', NAME2: 'Editable' });
    const backoffice = await as('backoffice');
    const got = await backoffice.get(`${pathOf(saved)}?_=1`);
    expect(got.status).toBe(200);
    expect(got.headers.get('etag')).toBe('"1"');
    const body = deskApplicationResponseSchema.parse(got.body);
    expect(body.access).toBe('Back Office');
    expect(body.assessment.SUBMISSION_OPTIONS.BUTTONS.map((b) => b.STATUS)).toContain('O');
    expect(body.applicationData.LOG.map((l) => l.USER)).toEqual(['frontoffice']);

    const { SUBMISSION_ID: _id, ...rest } = data;
    const updated = await backoffice.putIfMatch(pathOf(saved), { ...rest, TEL1: '07123456789', STATUS: 'O' }, '"1"');
    expect(updated.status).toBe(200);
    expect(staffUpdateResponseSchema.parse(updated.body)).toMatchObject({ confirmed_status: 'O', version: 2 });
    expect(updated.etag).toBe('"2"');

    const stale = await (await as('admin')).putIfMatch(pathOf(saved), { ...rest, TEL1: '07999999999', STATUS: 'O' }, '"1"');
    expect(stale).toMatchObject({ status: 409, body: { message: VERSION_CONFLICT } });

    // A client that follows spec section 7 sends no If-Match and still saves.
    const plain = await backoffice.send('PUT', pathOf(saved), { ...rest, TEL1: '07123456780', STATUS: 'O' });
    expect(plain.status).toBe(200);
    const after = deskApplicationResponseSchema.parse((await backoffice.get(`${pathOf(saved)}?_=2`)).body);
    expect(after.applicationData.TEL1).toBe('07123456780');
    expect(after.applicationData.LOG.map((l) => l.MESSAGE)).toEqual([
      'Application created with status Submitted.',
      'Status changed from Submitted (S) to Offered (O). Fields changed: TEL1.',
      'Fields changed: TEL1.',
    ]);
  });

  it('refuses Front Office editing a referred application through the API, and users without a role reading it', async () => {
    const { saved, data } = await takeByPhone('backoffice', 'R');
    const { SUBMISSION_ID: _id, ...rest } = data;
    const res = await (await as('frontoffice')).send('PUT', pathOf(saved), { ...rest, NAME1: 'Changed', STATUS: 'R' });
    expect(res).toEqual({ status: 403, body: { message: CANNOT_EDIT_ANY } });
    const got = deskApplicationResponseSchema.parse((await (await as('admin')).get(`${pathOf(saved)}?_=1`)).body);
    expect(got.applicationData.NAME1).toBe('Amara');
    expect((await (await as('fo-law')).get(`${pathOf(saved)}?_=1`)).status).toBe(403);
    expect((await (await as('nogroups')).get(`${pathOf(saved)}?_=1`)).status).toBe(403);
    expect((await (await as('admin')).get(`${apiPath('deskApplication', { student: '9999999', course: COURSE })}?_=1`)).status).toBe(404);
  });
});

describe('outbound call, visa and documents', () => {
  it('logs an outbound call, found by the listing filter c, and keeps it in the history', async () => {
    const { saved } = await takeByPhone('frontoffice', 'S', { NAME1: 'Otto', NAME2: 'Outbound' });
    const res = await (
      await as('frontoffice')
    ).send('PUT', `${pathOf(saved)}/outbound-call`, { CALL_OUTCOME: 'Wrong number', NOTES: 'Number on file is wrong' });
    expect(res.status).toBe(200);
    expect(outboundCallResponseSchema.parse(res.body)).toMatchObject({ OUTBOUND_CALL_FLAG: 1, OUTBOUND_CALL_REMARK: 'Wrong number: Number on file is wrong' });
    expect((await listing('admin', 'q=outbound&s=c')).rows.map((r) => r.APPLICATION_ID)).toEqual([saved.app_id]);
    const tooLong = await (await as('frontoffice')).send('PUT', `${pathOf(saved)}/outbound-call`, { NOTES: 'x'.repeat(251) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { message: string }).message).toContain("'Notes' max length is 250.");
  });

  it('keeps the legacy visa record for the Visa Team and refuses Front Office', async () => {
    const { saved } = await takeByPhone('frontoffice', 'S');
    const visa = createVisaData();
    expect((await (await as('frontoffice')).send('PUT', `${pathOf(saved)}/visa`, visa)).status).toBe(403);
    expect((await (await as('frontoffice')).get(`${pathOf(saved)}/visa?_=1`)).status).toBe(403);
    const missing = await (await as('visateam')).send('PUT', `${pathOf(saved)}/visa`, { ...visa, HAS_COURSE_FEES: undefined });
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain("'Course fees' is required.");
    const saving = await (await as('visateam')).send('PUT', `${pathOf(saved)}/visa`, visa);
    expect(saving.status).toBe(200);
    visaUpdateResponseSchema.parse(saving.body);
    const got = visaResponseSchema.parse((await (await as('visateam')).get(`${pathOf(saved)}/visa?_=1`)).body);
    expect(got.visaData).toMatchObject({ VISA_STATUS: 'A', VISA_TYPE: 't4gen' });
    expect(got.applicationData.LOG.at(-1)?.MESSAGE).toBe('Visa record updated (visa status A).');
  });

  it('lets the Visa Team set the visa state the listing shows, refusing Front Office and a state that is not an option', async () => {
    const { saved } = await takeByPhone('frontoffice', 'S', { NAME1: 'Vita', NAME2: 'Gatewaystate' });
    const statePath = apiPath('deskVisaState', { student: saved.id[0], course: saved.id[1] });
    expect((await (await as('frontoffice')).send('PUT', statePath, { VISA_STATUS: 'A' })).status).toBe(403);
    const bad = await (await as('visateam')).send('PUT', statePath, { VISA_STATUS: 'Q' });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toContain("'Visa status' is required.");
    const set = await (await as('visateam')).send('PUT', statePath, { VISA_STATUS: 'D' });
    expect(set.status).toBe(200);
    expect(visaStateResponseSchema.parse(set.body).VISA_STATUS).toBe('D');
    const got = visaResponseSchema.parse((await (await as('visateam')).get(`${pathOf(saved)}/visa?_=1`)).body);
    expect(got.VISA_STATUS).toBe('D');
    expect(got.applicationData.LOG.at(-1)?.MESSAGE).toBe('Visa state set to Deferred.');
    expect((await listing('visateam', 's=v&q=gatewaystate')).rows.map((r) => r.VISA_STATUS)).toEqual(['D']);
  });

  // The applicant's review page carries no staff data.
  it('keeps the outbound call, the visa change and every staff username out of the review by hash', async () => {
    const { saved } = await takeByPhone('backoffice', 'O', { NAME1: 'Rhea', NAME2: 'Review' });
    const call = await (await as('backoffice')).send('PUT', `${pathOf(saved)}/outbound-call`, { CALL_OUTCOME: 'Called no answer', NOTES: 'Try the mobile' });
    expect(call.status).toBe(200);
    expect((await (await as('visateam')).send('PUT', `${pathOf(saved)}/visa`, createVisaData({ VISA_STATUS: 'X' }))).status).toBe(200);

    const res = await new StackClient(stack.gatewayUrl).get(apiPath('application', { hash: saved.hash }));
    expect(res.status).toBe(200);
    const review = statusPageResponseSchema.parse(res.body);
    expect(review.applicationData.OUTBOUND_CALL_REMARK).toBeNull();
    expect(review.applicationData.LOG.map(({ MESSAGE, USER }) => ({ MESSAGE, USER }))).toEqual([
      { MESSAGE: 'Application created with status Offered.', USER: STAFF_LOG_USER_FOR_APPLICANT },
    ]);
    const text = JSON.stringify(res.body);
    for (const hidden of ['backoffice', 'visateam', 'Try the mobile', 'Called no answer', 'Visa record', 'visaData']) expect(text).not.toContain(hidden);
  });

  it('lists clean documents and downloads one as an attachment, logging the download', async () => {
    const backoffice = await as('backoffice');
    const upload = await backoffice.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
    expect(upload.status).toBe(200);
    const token = uploadResponseSchema.parse(upload.body).token;
    const document = createDocumentReference(token);
    const { saved } = await takeByPhone('backoffice', 'R', { ALEVELS_DOCUMENT_1: document });
    const got = deskApplicationResponseSchema.parse((await backoffice.get(`${pathOf(saved)}?_=1`)).body);
    expect(got.documents).toHaveLength(1);
    const file = got.documents[0];
    expect(file).toMatchObject({ file_name: 'results.pdf', document_type: 'ALEVELS' });

    const download = await backoffice.get(`${pathOf(saved)}/documents/${file?.file_id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="results.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(String(download.body).startsWith('%PDF-')).toBe(true);
    expect((await (await as('fo-law')).get(`${pathOf(saved)}/documents/${file?.file_id}`)).status).toBe(403);
    expect((await backoffice.get(`${pathOf(saved)}/documents/${randomUUID()}`)).status).toBe(404);
    const after = deskApplicationResponseSchema.parse((await backoffice.get(`${pathOf(saved)}?_=2`)).body);
    expect(after.applicationData.LOG.at(-1)).toMatchObject({ MESSAGE: 'Document downloaded: results.pdf (ALEVELS).', USER: 'backoffice' });
  });
});

// Student search, staff create and outbound calls follow the user's roles and scopes.
describe('scope everywhere (fo-law: Front Office of LAW; editor-cmps: Editor of dept CMPS)', () => {
  const students = async (username: string, query: string) => {
    const res = await (await as(username)).get(`${apiPath('deskStudents')}?${query}&_=${Date.now()}`);
    expect(res.status).toBe(200);
    return studentSearchResponseSchema.parse(res.body).rows;
  };

  it('finds students only through applications in the user’s scopes', async () => {
    const { saved: science } = await takeByPhone('backoffice', 'R', { NAME1: 'Sid', NAME2: 'Scopewide' });
    const law = await (
      await as('frontoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: 'M100' }), form({ NAME1: 'Lana', NAME2: 'Scopewide', STATUS: 'S' }));
    expect(law.status).toBe(200);
    const lawStudent = applyResponseSchema.parse(law.body).id[0];

    expect((await students('fo-law', 'NAME2=scopewide')).map((r) => r.ID)).toEqual([lawStudent]);
    expect((await students('editor-cmps', 'NAME2=scopewide')).map((r) => r.ID)).toEqual([science.id[0]]);
    expect((await students('frontoffice', 'NAME2=scopewide')).map((r) => r.ID).sort()).toEqual([lawStudent, science.id[0]].sort());
  });

  it('joins a new application only to a student the user may see: 404 and nothing stored otherwise', async () => {
    const { saved: science } = await takeByPhone('backoffice', 'R', { NAME1: 'Cara', NAME2: 'Crossing' });
    const before = (await listing('admin', 'q=crossing')).total;
    const intoLaw = await (
      await as('fo-law')
    ).send('POST', apiPath('deskApplicationCreate', { student: science.id[0], course: 'M100' }), form({ NAME1: 'Cara', NAME2: 'Crossing', STATUS: 'S' }));
    expect(intoLaw).toEqual({ status: 404, body: { message: STUDENT_NOT_FOUND } });
    expect((await listing('admin', 'q=crossing')).total).toBe(before);

    const law = await (
      await as('frontoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: 'M100' }), form({ NAME1: 'Lex', NAME2: 'Crossing', STATUS: 'S' }));
    const lawStudent = applyResponseSchema.parse(law.body).id[0];
    const intoScience = await (
      await as('editor-cmps')
    ).send('POST', apiPath('deskApplicationCreate', { student: lawStudent, course: COURSE }), form({ NAME1: 'Lex', NAME2: 'Crossing', STATUS: 'S' }));
    expect(intoScience).toEqual({ status: 404, body: { message: STUDENT_NOT_FOUND } });
    const own = await (
      await as('editor-cmps')
    ).send('POST', apiPath('deskApplicationCreate', { student: science.id[0], course: 'G401' }), form({ NAME1: 'Cara', NAME2: 'Crossing', STATUS: 'S' }));
    expect(own.status).toBe(200);
    expect(applyResponseSchema.parse(own.body).id[0]).toBe(science.id[0]);
  });

  it('lets only users who may edit the application log an outbound call', async () => {
    const { saved } = await takeByPhone('backoffice', 'R', { NAME1: 'Otis', NAME2: 'Outscope' });
    const call = { CALL_OUTCOME: 'Called no answer', NOTES: '' };
    expect(await (await as('visateam')).send('PUT', `${pathOf(saved)}/outbound-call`, call)).toEqual({
      status: 403,
      body: { message: CANNOT_EDIT_ANY },
    });
    expect(await (await as('frontoffice')).send('PUT', `${pathOf(saved)}/outbound-call`, call)).toEqual({
      status: 403,
      body: { message: CANNOT_EDIT_ANY },
    });
    expect((await (await as('fo-law')).send('PUT', `${pathOf(saved)}/outbound-call`, call)).status).toBe(403);
    expect((await listing('admin', 'q=outscope&s=c')).total).toBe(0);
    expect((await (await as('editor-cmps')).send('PUT', `${pathOf(saved)}/outbound-call`, call)).status).toBe(200);
    expect((await listing('admin', 'q=outscope&s=c')).total).toBe(1);
  });
});
