import { randomUUID } from 'node:crypto';
import {
  apiPath,
  applyResponseSchema,
  emailListResponseSchema,
  erasureResultSchema,
  retentionRunListSchema,
  retentionRunSchema,
  retentionScheduleResponseSchema,
} from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, demoUserDn, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * Data protection through the real gateway and services: a role change in the audit trail, erasure
 * across applications-svc, notifications-svc and files-svc (refused for a live offer), and the
 * retention job run through its BullMQ queue under a schedule that keeps nothing (every record is
 * past its date) with the figures unchanged.
 */
let directory: Directory;
let stack: Stack;
const ZERO = { months: { offered: 0, unsuccessful: 0, withdrawn: 0, enquiries: 0, uploads: 0, emailBodies: 0, staffAudit: 0 } };

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'files', 'notifications'],
    directoryUrl: directory.url,
    gatewayEnv: { STAFF_ROLES_REFRESH_MS: '1000', RETENTION_SCHEDULE: JSON.stringify(ZERO), RETENTION_CRON: '' },
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

/** EEE at A level: far below G400's requirements, an automatic rejection. */
const WEAK = A_STAR_A_B_A_LEVELS.map((q) => ({ ...q, GRADE: 'E' }));
const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

/** Asks `probe` every 100 ms until `done` holds for its answer (at most 20 s). */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there after 20 s: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function apply(email: string, ucasId: string, qualifications = A_STAR_A_B_A_LEVELS) {
  const client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
  const form = {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: qualifications }),
    EMAIL: email,
    UCAS_PERSONAL_ID: ucasId,
    SUBMISSION_ID: randomUUID(),
  };
  const res = await client.send('POST', apiPath('apply', { course: 'G400' }), form);
  expect({ status: res.status, body: res.status === 200 ? null : res.body }).toEqual({ status: 200, body: null });
  return applyResponseSchema.parse(res.body);
}

describe('the audit trail', () => {
  it('records a role change read from the directory: who, and the roles before and after', async () => {
    const nogroups = await as('nogroups');
    await directory.modify(
      [`dn: cn=cd-administrators,${DEMO_DIRECTORY.groupSearchBase}`, 'changetype: modify', 'add: member', `member: ${demoUserDn('nogroups')}`, ''].join('\n'),
    );
    await until(
      async () => (await nogroups.get(apiPath('authUser'))).body as { roles?: unknown[] },
      (body) => (body.roles?.length ?? 0) > 0,
    );
    const csv = String((await (await as('admin')).get(`${apiPath('deskAuditCsv')}?_=1`)).body);
    expect(csv).toMatch(/"nogroups","ROLE_CHANGE","","","no roles -> Administrator \(all\)"/);
    await directory.modify(
      [`dn: cn=cd-administrators,${DEMO_DIRECTORY.groupSearchBase}`, 'changetype: modify', 'delete: member', `member: ${demoUserDn('nogroups')}`, ''].join(
        '\n',
      ),
    );
  }, 60_000);
});

describe('POST /api/admin/erasure', () => {
  it('refuses a live offer with 409, erases a person from every service, logs the ticket and reason, and is safe to repeat', async () => {
    const offered = await apply('offered.erasure@example.com', '7900000001');
    expect(offered.confirmed_status).toBe('O');
    const admin = await as('admin');
    const blocked = await admin.send('POST', apiPath('deskErasure'), { EMAIL: 'offered.erasure@example.com', TICKET: 'DP-1', REASON: 'Asked by email' });
    expect(blocked).toEqual({
      status: 409,
      body: { message: 'This person holds a live offer (G400): an offered place is kept while it stands. Withdraw the offer first, then erase.' },
    });

    const EMAIL = 'rejected.erasure@example.com';
    const rejected = await apply(EMAIL, '7900000002', WEAK);
    expect(rejected.confirmed_status).not.toBe('O');
    const [student, course] = rejected.id;
    const emails = async () => emailListResponseSchema.parse((await admin.get(apiPath('deskEmails', { student, course }))).body).emails;
    await until(emails, (list) => list.length > 0);

    expect((await (await as('frontoffice')).send('POST', apiPath('deskErasure'), { EMAIL, TICKET: 'DP-2', REASON: 'Asked by email' })).status).toBe(403);
    const request = { UCAS_PERSONAL_ID: '7900000002', TICKET: 'DP-2', REASON: 'Asked by email' };
    const done = await admin.send('POST', apiPath('deskErasure'), request);
    expect(done.status).toBe(200);
    expect(erasureResultSchema.parse(done.body)).toEqual({ TICKET: 'DP-2', APPLICATIONS: 1, EMAILS: (await emails()).length, FILES: 0 });
    for (const email of await emails()) expect(email).toMatchObject({ recipient: '' });
    expect((await admin.get(`${apiPath('deskSubjectAccess')}?email=${encodeURIComponent(EMAIL)}`)).status).toBe(404);

    // A retry (say after a service was down) finishes without doing anything twice.
    expect(await admin.send('POST', apiPath('deskErasure'), request)).toEqual({ status: 200, body: { TICKET: 'DP-2', APPLICATIONS: 1, EMAILS: 0, FILES: 0 } });
    const csv = String((await admin.get(`${apiPath('deskAuditCsv')}?_=1`)).body);
    const entries = csv.split('\r\n').filter((line) => line.includes('"ERASURE"'));
    expect(entries).toEqual([expect.stringMatching(/^"[^"]+","admin","ERASURE","","","Ticket DP-2: Asked by email"$/)]);
    expect(csv).not.toContain(EMAIL);
    expect((await admin.send('POST', apiPath('deskErasure'), { TICKET: 'DP-3', REASON: 'x' })).body).toEqual({
      message: 'data.EMAIL: Enter an email address or a UCAS Personal ID',
    });
  }, 90_000);
});

describe('the retention job', () => {
  it('runs through its queue: nothing held past its date afterwards, the figures unchanged, the run recorded with its counts', async () => {
    const [student, course] = (await apply('retention.gateway@example.com', '7900000003', WEAK)).id;
    const admin = await as('admin');
    // Its decision email recorded and sent first: the figures count emails by state.
    await until(
      async () => emailListResponseSchema.parse((await admin.get(apiPath('deskEmails', { student, course }))).body).emails,
      (list) => list.length > 0 && list.every((e) => e.state !== 'queued'),
    );
    const schedule = retentionScheduleResponseSchema.parse((await new StackClient(stack.gatewayUrl).get(apiPath('retentionSchedule'))).body);
    expect(schedule.lines[0]).toBe(
      'Applications offered a place: kept for 0 months from the last change to the application, then your personal details are removed.',
    );
    // The figures as counted (their generation time aside), once no email waits to be sent (sending moves the email counts).
    // The counts; not the wallboard's forecast fields, which follow the clock (offers of the last 15 and 60 minutes).
    const figures = async () => {
      const { generatedAt: _at, ...counts } = (await admin.get(`${apiPath('figures')}?_=1`)).body as {
        generatedAt: string;
        emails: { queued: number };
        courses: Record<string, unknown>[];
      };
      const live = ['OFFERS_LAST_15', 'OFFERS_LAST_60', 'MINUTES_TO_FULL', 'FILL_STATE'];
      return { ...counts, courses: counts.courses.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !live.includes(key)))) };
    };
    const before = await until(figures, (f) => f.emails.queued === 0);

    const run = await admin.send('POST', apiPath('deskRetentionRun'), undefined);
    expect(run.status).toBe(200);
    const first = retentionRunSchema.parse(run.body);
    expect(first).toMatchObject({ TRIGGER: 'manual', ERROR: null });
    expect(first.COUNTS['applications.unsuccessful']).toBeGreaterThan(0);
    expect(first.COUNTS['emails.bodies']).toBeGreaterThan(0);
    expect(await figures()).toEqual(before);
    expect((await admin.get(`${apiPath('deskSubjectAccess')}?email=retention.gateway%40example.com`)).status).toBe(404);

    // Nothing left past its date: a second run finds nothing to do.
    const second = retentionRunSchema.parse((await admin.send('POST', apiPath('deskRetentionRun'), undefined)).body);
    expect(Object.entries(second.COUNTS).filter(([, n]) => n > 0)).toEqual([]);
    const runs = retentionRunListSchema.parse((await admin.get(`${apiPath('deskRetentionRuns')}?_=1`)).body);
    expect(runs.rows.map((r) => r.ID).slice(0, 2)).toEqual([second.ID, first.ID]);
    expect((await (await as('editor')).get(`${apiPath('deskRetentionRuns')}?_=1`)).status).toBe(403);
  }, 90_000);
});
