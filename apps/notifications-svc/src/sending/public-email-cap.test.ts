import { randomBytes, randomUUID } from 'node:crypto';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { createDecisionEmailPayload } from '@clearing-desk/contracts/testing';
import { NOTIFICATIONS_SVC, type DecisionEmailPayload, type EmailRecord } from '@clearing-desk/contracts';
import { startNotificationsTestApp, type NotificationsTestApp } from '../testing/test-app';
import { EMAIL_JOB_NAMES, EMAIL_QUEUE_NAME } from './email-queue';
import { publicEmailCappedText } from './email-worker';

/**
 * The emails public submissions send are capped per recipient domain per hour
 * (here 2): the third to one domain is recorded failed with the reason, not sent; a staff
 * decision's email to that domain and a public one to another domain still go.
 */
const CAP = 2;
let testApp: NotificationsTestApp;
let app: NotificationsTestApp['app'];
let smtp: NotificationsTestApp['smtp'];
let queue: NotificationsTestApp['queue'];

beforeAll(async () => {
  testApp = await startNotificationsTestApp('notifications_cap', 'notif-cap', EMAIL_QUEUE_NAME, {
    NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR: String(CAP),
  });
  ({ app, smtp, queue } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

/** Polls a condition (a state in the database), never a fixed sleep. */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Relays the payload as applications-svc does and answers its email record once it is sent or failed. */
async function settle(payload: DecisionEmailPayload): Promise<EmailRecord> {
  const outboxId = randomUUID();
  await queue.add(EMAIL_JOB_NAMES.DECISION, { outboxId, payload }, { jobId: outboxId, attempts: 3 });
  let found: EmailRecord | undefined;
  await waitFor(async () => {
    const res = await app.inject({
      ...endpointRequest(NOTIFICATIONS_SVC.list, { query: { application_id: payload.applicationId } }),
      headers: internalHeaders(),
    });
    found = (res.json() as { emails: EmailRecord[] }).emails.find((e) => e.state !== 'queued');
    return found !== undefined;
  });
  return found as EmailRecord;
}

let application = 5000;
const received = (email: string, source: 'public' | 'staff' = 'public') =>
  createDecisionEmailPayload({
    applicationId: String((application += 1)),
    source,
    status: source === 'public' ? 'S' : 'X',
    subStatus: null,
    previousStatus: source === 'public' ? null : 'S',
    applicant: { NAME1: 'Ann', NAME2: 'Example', EMAIL: email, NATIONALITY: 'GBR', APPLIED_TO_UCAS: true },
  });

describe("public submissions' emails per recipient domain", () => {
  it('sends the cap an hour to one domain, records the next as failed with the reason, and lets staff decisions and other domains through', async () => {
    // The count is per clock hour: a run starting in an hour's last seconds waits for the next one.
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 30_000) await new Promise((r) => setTimeout(r, toNextHour + 100));
    const domain = `target-${randomBytes(3).toString('hex')}.example`;
    const sent = [await settle(received(`a@${domain}`)), await settle(received(`b@${domain.toUpperCase()}`))];
    expect(sent.map((e) => [e.kind, e.state])).toEqual([
      ['RECEIVED', 'sent'],
      ['RECEIVED', 'sent'],
    ]);
    // 'sent' is recorded when the SMTP server accepts the message, a moment before the catcher lists it.
    await smtp.waitFor(2);
    const before = smtp.caught.length;
    const capped = await settle(received(`c@${domain}`));
    expect(capped).toMatchObject({ kind: 'RECEIVED', state: 'failed', attempts: 0, lastError: publicEmailCappedText(domain, CAP) });
    // A staff decision to that domain, and a public one elsewhere, still go.
    expect((await settle(received(`d@${domain}`, 'staff'))).state).toBe('sent');
    expect((await settle(received(`e@other-${domain}`))).state).toBe('sent');
    await smtp.waitFor(before + 2);
    expect(smtp.caught.length).toBe(before + 2);
    expect(smtp.caught.map((c) => (c.mail.to && !Array.isArray(c.mail.to) ? c.mail.to.text : ''))).not.toContain(`c@${domain}`);
  });
});
