import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applicationEventSchema, type ApplicationEvent } from '@clearing-desk/contracts';
import { Webhook } from 'standardwebhooks';

/** One request the receiver took: the raw body and headers as they came, and the event when its signature held. */
export type ReceivedWebhook = {
  id: string;
  body: string;
  headers: Record<string, string>;
  event: ApplicationEvent | null;
  verified: boolean;
  answered: number;
};

const standardHeaders = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));

/**
 * A record system's webhook receiver (docs/domain/events.md "Webhooks"): a node http server that
 * verifies each POST's Standard Webhooks signature with the `standardwebhooks` library and the
 * endpoint's secret (`whsec_…`; a request that fails it is answered 400 and its event never
 * handled), parses the event with the contract, and hands each event id once to `onEvent` (a
 * retry of an event already handled is answered 204 again and not handed on). `answer` may
 * override the status of a verified request (a receiver that is down: 503). Listens on
 * 127.0.0.1, on `port` or a free one.
 */
export async function startWebhookReceiver(options: {
  secret: string;
  port?: number;
  onEvent?: (event: ApplicationEvent) => Promise<void> | void;
  answer?: (request: { id: string; attempt: number }) => number | undefined;
}) {
  const webhook = new Webhook(options.secret);
  const received: ReceivedWebhook[] = [];
  const handled = new Set<string>();
  const attemptsOf = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = standardHeaders(req.headers);
        const id = headers['webhook-id'] ?? '';
        const attempt = (attemptsOf.get(id) ?? 0) + 1;
        attemptsOf.set(id, attempt);
        let event: ApplicationEvent | null = null;
        let verified = false;
        try {
          webhook.verify(body, headers);
          verified = true;
          event = applicationEventSchema.parse(JSON.parse(body));
        } catch {
          event = null;
        }
        const status = !verified || !event ? 400 : (options.answer?.({ id, attempt }) ?? 204);
        received.push({ id, body, headers, event, verified, answered: status });
        if (status >= 200 && status < 300 && event && !handled.has(event.id)) {
          handled.add(event.id);
          await options.onEvent?.(event);
        }
        res.writeHead(status).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhooks/clearing`,
    port,
    /** Every request taken, in arrival order. */
    received,
    /** The events handed on (each id once), in order. */
    events: () =>
      received
        .filter((r) => r.answered >= 200 && r.answered < 300 && r.event)
        .map((r) => r.event!)
        .filter((e, i, all) => all.findIndex((x) => x.id === e.id) === i),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
