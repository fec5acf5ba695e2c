import { randomUUID } from 'node:crypto';
import { OUTBOX_KINDS, type CallbackEmailPayload } from '@clearing-desk/contracts';
import { Client } from 'pg';
import { startNotificationsTestApp, type NotificationsTestApp } from '../testing/test-app';
import { EMAIL_QUEUE_NAME } from './email-queue';

let testApp: NotificationsTestApp;
let db: NotificationsTestApp['db'];
let smtp: NotificationsTestApp['smtp'];
let queue: NotificationsTestApp['queue'];

beforeAll(async () => {
  testApp = await startNotificationsTestApp('notifications_callback', 'notif-callback', EMAIL_QUEUE_NAME);
  ({ db, smtp, queue } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const payload: CallbackEmailPayload = {
  bookingId: '7',
  action: 'booked',
  eventId: 'application-42',
  sequence: 0,
  applicationId: '42',
  studentId: '1001',
  ucasCode: 'G400',
  status: 'S',
  hash: 'abc123',
  applicant: { NAME1: 'Ann', EMAIL: 'ann@example.com' },
  // 10:15-10:30 London on Monday 17 August 2026 (BST).
  start: '2026-08-17T09:15:00.000Z',
  end: '2026-08-17T09:30:00.000Z',
  bookedAt: '2026-08-17T07:00:00.000Z',
};

describe('callback confirmation emails', () => {
  it('sends the booked time in words with an .ics invitation of the slot, and records the attachment with the email', async () => {
    const outboxId = randomUUID();
    const before = smtp.caught.length;
    // Exactly as applications-svc's relay adds it (job name = outbox kind, id = outbox id).
    await queue.add(OUTBOX_KINDS.CALLBACK_EMAIL, { outboxId, payload }, { jobId: outboxId, attempts: 3 });
    await smtp.waitFor(before + 1);
    const mail = smtp.caught[before]!.mail;
    expect(mail.subject).toBe('Your call from the Clearing team is booked');
    expect(mail.text).toContain('We will call you on Monday 17 August between 10:15 and 10:30.');
    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments[0]!;
    expect(ics.filename).toBe('clearing-call.ics');
    expect(ics.contentType).toBe('text/calendar');
    const content = ics.content.toString('utf8');
    expect(content).toContain('BEGIN:VCALENDAR');
    expect(content).toContain('DTSTART:20260817T091500Z');
    expect(content).toContain('DTEND:20260817T093000Z');
    expect(content).toContain('SUMMARY:Call from the Clearing team');
    expect(content).toContain('METHOD:PUBLISH');
    expect(content).toContain('UID:callback-application-42@clearing.university.example');
    expect(content).toContain('SEQUENCE:0');

    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ kind: string; state: string; attachments: { filename: string; content: string }[] }>(
        'select kind, state, attachments from emails where outbox_id = $1',
        [outboxId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.kind).toBe('CALLBACK');
      expect(rows[0]!.attachments[0]!.filename).toBe('clearing-call.ics');
      expect(rows[0]!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
      expect(rows[0]!.attachments[0]!.content).toContain('DTSTART:20260817T091500Z');
    } finally {
      await client.end();
    }
  });

  /** Sends `p` as applications-svc's relay does and answers the mail caught and its .ics (unfolded). */
  const send = async (p: CallbackEmailPayload) => {
    const outboxId = randomUUID();
    const before = smtp.caught.length;
    await queue.add(OUTBOX_KINDS.CALLBACK_EMAIL, { outboxId, payload: p }, { jobId: outboxId, attempts: 3 });
    await smtp.waitFor(before + 1);
    const mail = smtp.caught[before]!.mail;
    return { mail, ics: mail.attachments[0]!.content.toString('utf8').replace(/\r\n[ \t]/g, '') };
  };

  it('a moved booking sends the new time with the same event, one revision on', async () => {
    // The application's second booking (the first moved): revision 2 of the same UID.
    const { mail, ics } = await send({ ...payload, bookingId: '8', sequence: 2, start: '2026-08-17T10:00:00.000Z', end: '2026-08-17T10:15:00.000Z' });
    expect(mail.subject).toBe('Your call from the Clearing team is booked');
    expect(mail.text).toContain('We will call you on Monday 17 August between 11:00 and 11:15.');
    expect(ics).toContain('UID:callback-application-42@clearing.university.example');
    expect(ics).toContain('SEQUENCE:2');
    expect(ics).toContain('DTSTART:20260817T100000Z');
    expect(ics).toContain('STATUS:CONFIRMED');
  });

  it('a cancellation says so in the status page’s words and cancels the calendar event (METHOD:CANCEL)', async () => {
    const { mail, ics } = await send({ ...payload, action: 'cancelled', sequence: 1 });
    expect(mail.subject).toBe('Your call from the Clearing team is cancelled');
    expect(mail.text).toContain('YOUR CALL IS CANCELLED');
    expect(mail.text).toContain('Your call on Monday 17 August between 10:15 and 10:30 is cancelled.');
    expect(mail.text).toContain('Book another time on your application page');
    expect(mail.text).not.toContain('Please keep your phone with you');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('UID:callback-application-42@clearing.university.example');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toMatch(/ORGANIZER;CN="?Clearing Desk"?:mailto:clearing@university\.example/);
    expect(mail.attachments[0]!.contentType).toBe('text/calendar');
  });

  it('a call booked from the course page without an application links to its private page, with the same .ics', async () => {
    const token = 'f'.repeat(64);
    const { status: _status, ...withoutStatus } = payload;
    const request: CallbackEmailPayload = {
      ...withoutStatus,
      bookingId: '9',
      eventId: 'request-9',
      applicationId: 'callback-9',
      studentId: '',
      hash: '',
      token,
      applicant: { NAME1: 'Cara Caller', EMAIL: 'cara@example.com' },
    };
    const { mail, ics } = await send(request);
    expect(mail.subject).toBe('Your call from the Clearing team is booked');
    expect(mail.text).toContain('We will call you on Monday 17 August between 10:15 and 10:30.');
    expect(mail.text).toContain('We will ring the telephone number you gave us. Please keep your phone with you at that time.');
    expect(mail.text).toContain(`Change or cancel the call`);
    expect(mail.html).toContain(`href="https://clearing.university.example/call/${token}"`);
    expect(mail.attachments[0]!.filename).toBe('clearing-call.ics');
    expect(ics).toContain('UID:callback-request-9@clearing.university.example');
    expect(ics).toContain(`URL;VALUE=URI:https://clearing.university.example/call/${token}`);
    expect(ics).toContain('METHOD:PUBLISH');
  });
});
