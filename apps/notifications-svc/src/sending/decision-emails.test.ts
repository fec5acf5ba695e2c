import { randomUUID } from 'node:crypto';
import { endpointRequest, internalHeaders, metricValue } from '@clearing-desk/service-kit/testing';
import { createDecisionEmailPayload } from '@clearing-desk/contracts/testing';
import { NOTIFICATIONS_SVC, type DecisionEmailPayload } from '@clearing-desk/contracts';
import { startNotificationsTestApp, type NotificationsTestApp } from '../testing/test-app';
import { EMAIL_JOB_NAMES, EMAIL_QUEUE_NAME } from './email-queue';

let testApp: NotificationsTestApp;
let app: NotificationsTestApp['app'];
let smtp: NotificationsTestApp['smtp'];
let queue: NotificationsTestApp['queue'];

beforeAll(async () => {
  testApp = await startNotificationsTestApp('notifications_emails', 'notif-test', EMAIL_QUEUE_NAME, {
    MAIL_REPLY_TO: 'clearing-team@university.example',
    NOTIFICATIONS_BACKOFF_MS: '100',
    NOTIFICATIONS_SEND_ATTEMPTS: '3',
  });
  ({ app, smtp, queue } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

/** Adds a job exactly as applications-svc's relay does (job id = outbox id). */
async function relay(payload: DecisionEmailPayload, outboxId = randomUUID()) {
  await queue.add(EMAIL_JOB_NAMES.DECISION, { outboxId, payload }, { jobId: outboxId, attempts: 3, backoff: { type: 'capped' } });
  return outboxId;
}

async function deliver(payload: DecisionEmailPayload) {
  const before = smtp.caught.length;
  const outboxId = await relay(payload);
  await smtp.waitFor(before + 1);
  const caught = smtp.caught[before];
  if (!caught) throw new Error('no message');
  return { outboxId, mail: caught.mail, raw: caught.raw };
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('decision emails over SMTP', () => {
  it('sends an automatic offer with the UCAS Hub steps, the computed deadline and the status link', async () => {
    const { mail, outboxId } = await deliver(createDecisionEmailPayload());
    expect(mail.subject).toBe('Good News! Your offer for Computer Science');
    expect(mail.from?.text).toBe('"Clearing Desk" <clearing@university.example>');
    expect(mail.replyTo?.text).toBe('clearing-team@university.example');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ann@example.com');
    expect(mail.messageId).toBe(`<${outboxId}@university.example>`);
    expect(lines(mail.text)).toEqual([
      'Dear Ann,',
      'GOOD NEWS!',
      'We are pleased to offer you a place on Computer Science BSc (Hons), starting on 29 September 2025.',
      'Your reference is 31100017.',
      'WHAT TO DO NEXT',
      'Add us as your Clearing choice in UCAS Hub by 23:59 on Monday 18 August 2025 (two working days). After that the offer lapses.',
      '1. Sign in to your UCAS Hub and choose Clearing.',
      '2. Add us as your Clearing choice with institution code Z99 and course code G400.',
      '3. Submit your choice. We will confirm your place in UCAS Hub.',
      'YOUR DECISION AT A GLANCE',
      '* Decision: Offered',
      '* Reference: 31100017',
      '* Course: Computer Science BSc (Hons)',
      '* Course code: G400',
      '* Institution code: Z99',
      '* Next step: Add us as your Clearing choice in UCAS Hub by 23:59 on Monday 18 August 2025 (two working days). After that the offer lapses.',
      '* Deadline: 23:59 on Monday 18 August 2025',
      '* Telephone: 020 7040 8716',
      '* Starts: 29 September 2025',
      `See your application and what to do next https://clearing.university.example/review/${'a'.repeat(64)}`,
      'This link works until 23:59 on Tuesday 31 March 2026.',
      'If you have any questions, call our Clearing team on 020 7040 8716 and quote your reference 31100017.',
      '----------------------------------------',
      'The Clearing team',
    ]);
    expect(mail.html).toContain('<html dir="ltr" lang="en">');
    expect(mail.html).toContain(`href="https://clearing.university.example/review/${'a'.repeat(64)}"`);
  });

  it('tells a non-UCAS, non-EEA applicant how to join Clearing and that the visa team will call', async () => {
    const { mail } = await deliver(
      createDecisionEmailPayload({
        subStatus: 'AR',
        applicant: { NAME1: 'Li', NAME2: 'Wei', EMAIL: 'li@example.com', NATIONALITY: 'CHN', APPLIED_TO_UCAS: false },
      }),
    );
    const text = lines(mail.text);
    expect(text).toContain(
      '1. You have not applied through UCAS this year, so first register with UCAS and make a Clearing application in UCAS Hub; you will get a UCAS Personal ID.',
    );
    expect(text).toContain('Because of your nationality, our visa compliance team will contact you about your offer and your student visa.');
  });

  it('sends a received email with the telephone for a public S, and a rejection with reasons and course links for X', async () => {
    const received = await deliver(createDecisionEmailPayload({ status: 'S', subStatus: null }));
    expect(received.mail.subject).toBe('We have received your application for Computer Science');
    expect(lines(received.mail.text).slice(1, 7)).toEqual([
      'WE HAVE RECEIVED YOUR APPLICATION',
      'Thank you for applying for Computer Science BSc (Hons).',
      'Your reference is 31100017.',
      'WHAT HAPPENS NEXT',
      'Our Clearing team will call you to talk about your application.',
      'YOUR DECISION AT A GLANCE',
    ]);
    expect(lines(received.mail.text)).toContain('* Telephone: 020 7040 8716');

    const rejected = await deliver(
      createDecisionEmailPayload({
        status: 'X',
        subStatus: 'AX',
        rejectionReasons: ['Effective UCAS points 64 are below the accepted tariff of 112.'],
        recommendedCourses: [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null }],
      }),
    );
    expect(rejected.mail.subject).toBe('Your application for Computer Science');
    const text = lines(rejected.mail.text);
    expect(text).toContain('UNFORTUNATELY, YOU DO NOT MEET THE REQUIREMENTS FOR THIS COURSE');
    expect(text).toContain('* Effective UCAS points 64 are below the accepted tariff of 112.');
    expect(text).toContain('* Computing BSc (Hons) (G401) https://clearing.university.example/apply/G401');
  });

  it("puts each adviser decision's promise in writing: interview time and venue, referral midday, pool 24 hours, withdrawal", async () => {
    const staff = { source: 'staff' as const, previousStatus: 'S' as const, subStatus: null, decidedAt: '2025-08-14T15:00:00.000Z' };
    const invite = await deliver(
      createDecisionEmailPayload({
        ...staff,
        status: 'I',
        interview: { INTERVIEW_DATE: '2025-08-19', INTERVIEW_TIME: '10:30', INTERVIEW_VENUE: 'Room A101, University Building' },
      }),
    );
    expect(invite.mail.subject).toBe('Interview invitation: Computer Science');
    expect(lines(invite.mail.text)).toEqual(
      expect.arrayContaining([
        'Your interview is at 10:30 on 19 August 2025, at Room A101, University Building.',
        '* Date: 19 August 2025',
        '* Time: 10:30',
        '* Venue or link: Room A101, University Building',
      ]),
    );
    const refer = await deliver(createDecisionEmailPayload({ ...staff, status: 'R' }));
    expect(lines(refer.mail.text)).toContain(
      'Our admissions team or the course tutor will call you. If nobody has contacted you by 12:00 on Friday 15 August 2025, please assume that you have been unsuccessful.',
    );
    const pool = await deliver(createDecisionEmailPayload({ ...staff, status: 'P' }));
    expect(lines(pool.mail.text)).toContain('If you have not heard from us by 16:00 on Friday 15 August 2025, please presume that you have been unsuccessful.');
    const withdrawn = await deliver(createDecisionEmailPayload({ ...staff, status: 'W' }));
    expect(withdrawn.mail.subject).toBe('Your application for Computer Science has been withdrawn');
  });

  it('keeps CR/LF and HTML in a name out of the headers and the markup', async () => {
    const { mail, raw } = await deliver(
      createDecisionEmailPayload({
        applicant: {
          NAME1: 'Eve\r\nBcc: victim@example.com\r\n<script>alert(1)</script>',
          NAME2: 'X',
          EMAIL: 'eve@example.com',
          NATIONALITY: 'GBR',
          APPLIED_TO_UCAS: true,
        },
      }),
    );
    expect(mail.bcc).toBeUndefined();
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(lines(mail.text)[0]).toBe('Dear Eve Bcc victim example com script alert script,');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('victim@example.com');
  });

  it('prints a name with a link or line breaks as plain words, so the form relays no phishing', async () => {
    const { mail } = await deliver(
      createDecisionEmailPayload({
        applicant: {
          NAME1: "Siân O'Neil-Brown\nURGENT: your account is locked, sign in at https://univ-login.example/verify or www.univ-login.example",
          NAME2: 'X',
          EMAIL: 'sian@example.com',
          NATIONALITY: 'GBR',
          APPLIED_TO_UCAS: true,
        },
      }),
    );
    const greeting = "Dear Siân O'Neil-Brown URGENT your account is locked sign in at,";
    expect(lines(mail.text)[0]).toBe(greeting);
    expect(mail.text).not.toMatch(/https?:\/\/univ|www\.univ|univ-login\.example/);
    expect(mail.html).not.toMatch(/https?:\/\/univ|www\.univ|univ-login\.example/);
  });

  it('sends one email per outbox id however often the job comes, and records it for the History', async () => {
    const payload = createDecisionEmailPayload({ applicationId: '9001' });
    const before = smtp.caught.length;
    const outboxId = await relay(payload);
    await waitForJob(outboxId);
    // The relay ran again after its job was done and removed: a new job, the same outbox id.
    const job = await queue.getJob(outboxId);
    await job?.remove();
    await relay(payload, outboxId);
    await waitForJob(outboxId);
    expect(smtp.caught.length).toBe(before + 1);
    const res = await app.inject({ ...endpointRequest(NOTIFICATIONS_SVC.list, { query: { application_id: '9001' } }), headers: internalHeaders() });
    expect(res.statusCode).toBe(200);
    const [email] = res.json().emails;
    expect(email).toMatchObject({ kind: 'OFFER', recipient: 'ann@example.com', state: 'sent', attempts: 1, lastError: null });
    expect(email.smtpResponse).toMatch(/^250/);
  });

  it('retries while the SMTP server refuses (451) and fails for good on a 550, then a staff resend sends it again', async () => {
    const emails = async (result: string) =>
      metricValue(await app.metricsRegistry.metrics(), 'notifications_emails_total', { app: 'notifications-svc', result }) ?? Number.NaN;
    const counted = { sent: await emails('sent'), retried: await emails('retried'), failed: await emails('failed') };
    smtp.state.mode = 'refuse';
    smtp.state.refused = 0;
    const before = smtp.caught.length;
    const refused = await relay(createDecisionEmailPayload({ applicationId: '9002' }));
    await waitFor(async () => smtp.state.refused === 2);
    smtp.state.mode = 'accept';
    await waitFor(async () => (await app.emailsRepository.findByOutboxId(refused))?.state === 'sent');
    const sent = await app.emailsRepository.findByOutboxId(refused);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });

    smtp.state.mode = 'reject';
    const rejected = await relay(createDecisionEmailPayload({ applicationId: '9003' }));
    await waitFor(async () => (await app.emailsRepository.findByOutboxId(rejected))?.state === 'failed');
    const failed = await app.emailsRepository.findByOutboxId(rejected);
    expect(failed).toMatchObject({ attempts: 1, lastError: '550 Mailbox unavailable' });
    // The metrics port counts each result: two refusals retried, one sent, one failed for good.
    await waitFor(async () => (await emails('failed')) === counted.failed + 1);
    expect({ sent: await emails('sent'), retried: await emails('retried') }).toEqual({ sent: counted.sent + 1, retried: counted.retried + 2 });
    smtp.state.mode = 'accept';

    const resend = await app.inject({
      ...endpointRequest(NOTIFICATIONS_SVC.resend, {
        params: { emailId: failed!.id },
        body: { applicationId: '9003', recipient: 'ann.new@example.com', requestedBy: 'backoffice' },
      }),
      headers: internalHeaders(),
    });
    expect(resend.statusCode).toBe(201);
    expect(resend.json()).toMatchObject({ resendOf: failed?.id, requestedBy: 'backoffice', recipient: 'ann.new@example.com', state: 'queued' });
    await smtp.waitFor(before + 2);
    expect(smtp.caught.at(-1)?.mail.messageId).toBe(`<${resend.json().id}@university.example>`);

    // The figures' list of failed emails: the course's failed email, with its application's keys
    // and its resend's state; another course's list is empty.
    await waitFor(async () => (await app.emailsRepository.findById(resend.json().id))?.state === 'sent');
    const list = async (ucasCodes: string[]) =>
      (await app.inject({ ...endpointRequest(NOTIFICATIONS_SVC.failed, { body: { ucasCodes } }), headers: internalHeaders() })).json();
    expect(await list([failed!.ucasCode])).toEqual({
      emails: [
        expect.objectContaining({
          id: failed!.id,
          state: 'failed',
          lastError: '550 Mailbox unavailable',
          studentId: failed!.studentId,
          ucasCode: failed!.ucasCode,
          resent: 'sent',
        }),
      ],
      more: false,
    });
    expect(await list(['ZZ99'])).toEqual({ emails: [], more: false });
  }, 30_000);
});

async function waitForJob(jobId: string) {
  await waitFor(async () => {
    const job = await queue.getJob(jobId);
    return !job || (await job.isCompleted());
  });
}

/** Polls a condition (a state in the database or the queue), never a fixed sleep. */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
