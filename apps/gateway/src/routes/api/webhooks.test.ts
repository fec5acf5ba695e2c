import { randomUUID } from 'node:crypto';
import {
  apiPath,
  APPLICATION_EVENT_TYPES,
  applyResponseSchema,
  webhookAttemptListSchema,
  webhookEndpointIssuedSchema,
  webhookEndpointListSchema,
  type WebhookEndpoint,
} from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { startWebhookReceiver, type WebhookReceiver } from '@clearing-desk/events-consumer';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Webhook } from 'standardwebhooks';
import { staffClients, startTestStack } from '../../testing/stack-client';

/**
 * Signed webhooks of application events through the real stack: an Administrator registers
 * endpoints; applications-svc delivers every decision's events to each, signed per Standard
 * Webhooks, retried with backoff, in order, pausing an endpoint after consecutive failures.
 * The receivers are the example consumer's (tools/events-consumer), real HTTP servers.
 */
const PAUSE_AFTER = 4;
const COURSE = 'G400';
let directory: Directory;
let stack: Stack;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'files'],
    directoryUrl: directory.url,
    env: {
      WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_RETRY_MAX_MS: '200',
      WEBHOOK_PAUSE_AFTER_FAILURES: String(PAUSE_AFTER),
    },
  });
}, 180_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);
let people = 0;

/** An adviser takes an application by phone and offers a place: one created and one decision event. */
async function decide(): Promise<string> {
  people += 1;
  const data = {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
    EMAIL: `webhook.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7500000000 + people),
    SUBMISSION_ID: randomUUID(),
    STATUS: 'O',
  };
  const created = await (await as('backoffice')).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), data);
  expect(created.status).toBe(200);
  return applyResponseSchema.parse(created.body).app_id;
}

async function register(url: string, eventTypes: string[] = Object.values(APPLICATION_EVENT_TYPES)) {
  const res = await (await as('admin')).send('POST', apiPath('adminWebhookCreate'), { url, eventTypes });
  expect(res.status).toBe(200);
  return webhookEndpointIssuedSchema.parse(res.body);
}

async function endpoint(id: string): Promise<WebhookEndpoint> {
  const list = webhookEndpointListSchema.parse((await (await as('admin')).get(apiPath('adminWebhooks'))).body);
  const found = list.endpoints.find((e) => e.id === id);
  if (!found) throw new Error(`endpoint ${id} not listed`);
  return found;
}

/** Waits for `condition` (the dispatcher and the worker run on their own); fails after `ms`. */
async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A receiver whose secret is only known once its endpoint is registered: started on a fixed port after. */
async function receiverFor(answer?: Parameters<typeof startWebhookReceiver>[0]['answer']) {
  const probe = await startWebhookReceiver({ secret: 'whsec_' + Buffer.from('x'.repeat(32)).toString('base64') });
  const port = probe.port;
  await probe.close();
  const issued = await register(`http://127.0.0.1:${port}/webhooks/clearing`);
  const receiver = await startWebhookReceiver({ secret: issued.secret, port, answer });
  receivers.push(receiver);
  return { issued, receiver };
}

describe('signed webhooks of application events', () => {
  it('delivers every decision’s events once to each endpoint, signed so the library verifies them and a tampered body fails', async () => {
    const a = await receiverFor();
    const b = await receiverFor();
    const applicationId = await decide();
    for (const { issued } of [a, b])
      await until(async () => (await endpoint(issued.endpoint.id)).lastDeliveredAt !== null && (await endpoint(issued.endpoint.id)).pending === 0, 'delivered');
    for (const { issued, receiver } of [a, b]) {
      await until(() => receiver.events().filter((e) => e.application.applicationId === applicationId).length === 2, 'both events');
      const mine = receiver.received.filter((r) => r.event?.application.applicationId === applicationId);
      expect(mine.map((r) => r.event?.type)).toEqual([APPLICATION_EVENT_TYPES.CREATED, APPLICATION_EVENT_TYPES.DECISION]);
      expect(mine.map((r) => r.answered)).toEqual([204, 204]);
      const attemptsNow = async () =>
        webhookAttemptListSchema.parse((await (await as('admin')).get(apiPath('adminWebhookAttempts', { id: issued.endpoint.id }))).body);
      // The receiver has answered; the worker records each attempt just after.
      await until(async () => (await attemptsNow()).attempts.filter((t) => mine.some((r) => r.id === t.eventId)).length === 2, 'both attempts recorded');
      const attempts = await attemptsNow();
      expect(attempts.attempts.filter((t) => mine.some((r) => r.id === t.eventId)).map((t) => [t.outcome, t.httpStatus, t.attempt])).toEqual([
        ['delivered', 204, 1],
        ['delivered', 204, 1],
      ]);
      // The library verifies what came, with this endpoint's secret only, and refuses a changed body.
      const [first] = mine;
      expect(first?.headers['webhook-id']).toBe(first?.event?.id);
      expect(first?.headers['webhook-signature']).toMatch(/^v1,/);
      const webhook = new Webhook(issued.secret);
      expect(webhook.verify(first!.body, first!.headers)).toMatchObject({ id: first?.event?.id });
      expect(() => webhook.verify(first!.body.replace('"O"', '"X"'), first!.headers)).toThrow('No matching signature found');
      const other = issued === a.issued ? b.issued : a.issued;
      expect(() => new Webhook(other.secret).verify(first!.body, first!.headers)).toThrow('No matching signature found');
    }
  }, 60_000);

  it('retries a failed delivery with backoff under the same webhook-id, and shows each attempt', async () => {
    // The receiver fails the first two attempts of every event, then takes it.
    const { issued, receiver } = await receiverFor(({ attempt }) => (attempt <= 2 ? 500 : undefined));
    const applicationId = await decide();
    await until(() => receiver.events().filter((e) => e.application.applicationId === applicationId).length === 2, 'both events after retries');
    const created = receiver.events().find((e) => e.type === APPLICATION_EVENT_TYPES.CREATED && e.application.applicationId === applicationId)!;
    const tries = receiver.received.filter((r) => r.id === created.id);
    expect(tries.map((r) => r.answered)).toEqual([500, 500, 204]);
    expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(new Set([created.id]));
    // Every attempt is signed on its own (its own timestamp) and verifies.
    for (const r of tries) expect(() => new Webhook(issued.secret).verify(r.body, r.headers)).not.toThrow();
    // The receiver has answered; the worker records the delivery (and clears the failures) just after.
    await until(async () => (await endpoint(issued.endpoint.id)).consecutiveFailures === 0, 'the delivery recorded');
    const attempts = webhookAttemptListSchema.parse((await (await as('admin')).get(apiPath('adminWebhookAttempts', { id: issued.endpoint.id }))).body);
    expect(
      attempts.attempts
        .filter((t) => t.eventId === created.id)
        .reverse()
        .map((t) => [t.attempt, t.outcome, t.httpStatus, t.error]),
    ).toEqual([
      [1, 'failed', 500, 'The receiver answered 500.'],
      [2, 'failed', 500, 'The receiver answered 500.'],
      [3, 'delivered', 204, null],
    ]);
    expect((await endpoint(issued.endpoint.id)).consecutiveFailures).toBe(0);
  }, 60_000);

  it('pauses an endpoint whose receiver is down after consecutive failures, keeps its backlog, and delivers it in order when resumed', async () => {
    let down = true;
    const { issued, receiver } = await receiverFor(() => (down ? 503 : undefined));
    const applications = [await decide(), await decide(), await decide()];
    await until(async () => (await endpoint(issued.endpoint.id)).status === 'paused', 'paused');
    const paused = await endpoint(issued.endpoint.id);
    expect(paused).toMatchObject({ status: 'paused', consecutiveFailures: PAUSE_AFTER });
    // Only the oldest event was tried, PAUSE_AFTER times; the backlog is all six events.
    await until(async () => (await endpoint(issued.endpoint.id)).pending === 6, 'the backlog of six');
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received).toHaveLength(PAUSE_AFTER);

    down = false;
    const admin = await as('admin');
    const resumed = await admin.send('POST', apiPath('adminWebhookResume', { id: issued.endpoint.id }), {});
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', consecutiveFailures: 0, pausedAt: null });
    expect(await admin.send('POST', apiPath('adminWebhookResume', { id: issued.endpoint.id }), {})).toEqual({
      status: 409,
      body: { message: 'This webhook endpoint is not paused.' },
    });
    await until(() => receiver.events().length === 6, 'the backlog delivered');
    expect(receiver.events().map((e) => [e.application.applicationId, e.type])).toEqual(
      applications.flatMap((id) => [
        [id, APPLICATION_EVENT_TYPES.CREATED],
        [id, APPLICATION_EVENT_TYPES.DECISION],
      ]),
    );
  }, 90_000);

  it('lets only an Administrator register endpoints, and refuses an address that is not https', async () => {
    const backOffice = await as('backoffice');
    expect(
      await backOffice.send('POST', apiPath('adminWebhookCreate'), { url: 'https://crm.example.ac.uk/hooks', eventTypes: [APPLICATION_EVENT_TYPES.DECISION] }),
    ).toEqual({
      status: 403,
      body: { message: 'Only an Administrator can manage webhooks.' },
    });
    const plain = await (
      await as('admin')
    ).send('POST', apiPath('adminWebhookCreate'), { url: 'http://crm.example.ac.uk/hooks', eventTypes: [APPLICATION_EVENT_TYPES.DECISION] });
    expect(plain.status).toBe(400);
    expect((plain.body as { message: string }).message).toContain('Enter the endpoint’s full address, starting with https:// (http:// only for this machine).');
  }, 30_000);
});
