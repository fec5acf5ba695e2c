import { randomUUID } from 'node:crypto';
import {
  deskApplicationResponseSchema,
  apiPath,
  applyResponseSchema,
  type EmailListResponse,
  emailListResponseSchema,
  failedEmailsResponseSchema,
  figuresResponseSchema,
  type FailedEmailsResponse,
  resendEmailResponseSchema,
} from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * The decision emails on the staff screens, through the real gateway,
 * applications-svc's outbox, notifications-svc and a mail catcher: the History's list, Resend for
 * users who may edit, and the emails on the figures.
 */
const COURSE = 'G400';

let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'files', 'notifications'],
    directoryUrl: directory.url,
    // One public email per recipient domain an hour: a second public submission to a domain fails
    // (recorded as failed, never sent), which the list of failed emails shows.
    env: { NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR: '1' },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

let people = 0;

/** Takes an A*AB G400 caller by phone as `username` with STATUS; answers the desk path of the new application. */
async function takeByPhone(username: string, STATUS: string): Promise<string> {
  people += 1;
  const data = {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    EMAIL: `emails.gateway.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7300000000 + people),
    SUBMISSION_ID: randomUUID(),
    STATUS,
  };
  const res = await (await as(username)).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), data);
  expect(res.status).toBe(200);
  const [studentId] = applyResponseSchema.parse(res.body).id;
  return apiPath('deskApplication', { student: studentId, course: COURSE });
}

/** Asks for the application's emails until `done` holds for them (the outbox relay and the worker run on their own). */
async function emailsWhen(client: StackClient, path: string, done: (list: EmailListResponse) => boolean): Promise<EmailListResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await client.get(`${path}/emails`);
    expect(res.status).toBe(200);
    const list = emailListResponseSchema.parse(res.body);
    if (done(list)) return list;
    if (Date.now() > deadline) throw new Error(`emails never reached the state wanted: ${JSON.stringify(list)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the emails of an application, for staff', () => {
  it("lists an adviser's offer email once it is sent, and Resend sends it again, logged with who asked", async () => {
    const path = await takeByPhone('backoffice', 'O');
    const backOffice = await as('backoffice');
    const { emails } = await emailsWhen(backOffice, path, (l) => l.emails.length === 1 && l.emails[0]!.state === 'sent');
    expect(emails[0]).toMatchObject({ kind: 'OFFER', recipient: `emails.gateway.${people}@example.com`, attempts: 1, resendOf: null });

    const res = await backOffice.send('POST', `${path}/emails/${emails[0]!.id}/resend`, {});
    expect(res.status).toBe(201);
    const resent = resendEmailResponseSchema.parse(res.body);
    expect(resent).toMatchObject({
      message: 'The email is queued to be sent again.',
      email: { kind: 'OFFER', resendOf: emails[0]!.id, requestedBy: 'backoffice' },
    });
    const after = await emailsWhen(backOffice, path, (l) => l.emails.length === 2 && l.emails.every((e) => e.state === 'sent'));
    expect(after.emails[1]!.subject).toBe(emails[0]!.subject);

    const reread = await backOffice.get(path);
    expect(reread.status).toBe(200);
    const { applicationData } = deskApplicationResponseSchema.parse(reread.body);
    expect(applicationData.LOG.at(-1)).toMatchObject({ USER: 'backoffice', MESSAGE: `Email sent again: '${emails[0]!.subject}' to ${emails[0]!.recipient}.` });
  });

  it('refuses Resend to a Front Office user on a referred application (may not edit it), but shows the list', async () => {
    const path = await takeByPhone('backoffice', 'R');
    const frontOffice = await as('frontoffice');
    const { emails } = await emailsWhen(frontOffice, path, (l) => l.emails.length === 1);
    expect(emails[0]!.kind).toBe('REFER');
    const res = await frontOffice.send('POST', `${path}/emails/${emails[0]!.id}/resend`, {});
    expect(res).toMatchObject({ status: 403, body: { message: 'Your role on this course cannot edit applications with this status.' } });
  });

  it('answers 404 for an email of another application and 401 without a session', async () => {
    const first = await takeByPhone('backoffice', 'O');
    const second = await takeByPhone('backoffice', 'O');
    const backOffice = await as('backoffice');
    const { emails } = await emailsWhen(backOffice, first, (l) => l.emails.length === 1);
    const res = await backOffice.send('POST', `${second}/emails/${emails[0]!.id}/resend`, {});
    expect(res).toMatchObject({ status: 404, body: { message: 'Email not found.' } });
    expect((await new StackClient(stack.gatewayUrl).get(`${first}/emails`)).status).toBe(401);
  });

  it('counts the emails of the courses on the figures', async () => {
    const res = await (await as('editor')).get(apiPath('figures'));
    expect(res.status).toBe(200);
    const figures = figuresResponseSchema.parse(res.body);
    expect(figures.emails).not.toBeNull();
    expect(figures.emails!.sent + figures.emails!.queued).toBeGreaterThanOrEqual(5);
    expect(figures.emails!.failed).toBe(0);
  });

  it("lists the figures' failed emails with their application, and Resend from the list sends one again", async () => {
    // Two public offers to one domain: the second email is over the domain's cap, so it fails.
    const visitor = new StackClient(stack.gatewayUrl);
    await visitor.get(apiPath('ping'));
    const domain = `capped-${randomUUID().slice(0, 8)}.example`;
    const applied: string[] = [];
    for (const who of ['first', 'second']) {
      people += 1;
      const res = await visitor.send('POST', apiPath('apply', { course: COURSE }), {
        ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
        EMAIL: `${who}@${domain}`,
        UCAS_PERSONAL_ID: String(7300000000 + people),
        SUBMISSION_ID: randomUUID(),
      });
      expect(res.status).toBe(200);
      applied.push(applyResponseSchema.parse(res.body).id[0]!);
    }
    const editor = await as('editor');
    /** Asks for the list until `done` holds (the relay and the worker run on their own). */
    const listWhen = async (done: (list: FailedEmailsResponse) => boolean) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await editor.get(apiPath('figuresFailedEmails'));
        expect(res.status).toBe(200);
        const list = failedEmailsResponseSchema.parse(res.body);
        if (done(list)) return list;
        if (Date.now() > deadline) throw new Error(`the failed emails never reached the state wanted: ${JSON.stringify(list)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const { emails, more } = await listWhen((l) => l.emails.some((e) => e.recipient === `second@${domain}`));
    expect(more).toBe(false);
    expect(emails.map((e) => e.recipient)).toEqual([`second@${domain}`]);
    const [failed] = emails;
    expect(failed).toMatchObject({ state: 'failed', studentId: applied[1], ucasCode: COURSE, resent: null });
    expect(failed!.lastError).toMatch(/^Not sent: more than 1 emails of public submissions to /);

    // Resend is the desk's, for the application the row names; the list then shows it sent again.
    const resend = await (
      await as('backoffice')
    ).send('POST', `${apiPath('deskApplication', { student: failed!.studentId, course: failed!.ucasCode })}/emails/${failed!.id}/resend`, {});
    expect(resend.status).toBe(201);
    const after = await listWhen((l) => l.emails.find((e) => e.id === failed!.id)?.resent === 'sent');
    expect(after.emails.map((e) => [e.recipient, e.resent])).toEqual([[`second@${domain}`, 'sent']]);
    expect(figuresResponseSchema.parse((await editor.get(apiPath('figures'))).body).emails!.failed).toBe(1);
    expect((await new StackClient(stack.gatewayUrl).get(apiPath('figuresFailedEmails'))).status).toBe(401);
  });
});
