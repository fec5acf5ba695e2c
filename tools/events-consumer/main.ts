import { EventsFeedClient, FeedError } from './feed-client';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * The example consumer from a terminal:
 * - `npx tsx tools/events-consumer/main.ts pull <gateway url> <api key> [cursor]`: prints every
 *   event readable now, one JSON line each, then the cursor to start from next time;
 * - `npx tsx tools/events-consumer/main.ts serve <port> <whsec_ secret>`: a webhook receiver on
 *   127.0.0.1:<port>/webhooks/clearing printing each verified event.
 */
async function main(argv: string[]): Promise<void> {
  const [command, first, second, third] = argv;
  if (command === 'pull' && first && second) {
    let cursor = third;
    const client = new EventsFeedClient({ baseUrl: first, apiKey: second, store: { load: async () => cursor, save: async (next) => void (cursor = next) } });
    try {
      const count = await client.catchUp((events) => events.forEach((e) => console.log(JSON.stringify(e))));
      console.error(`${count} events; next cursor ${cursor ?? '(start)'}`);
    } catch (err) {
      if (err instanceof FeedError)
        console.error(`refused ${err.status}: ${err.message}${err.retryAfterSeconds ? ` (retry after ${err.retryAfterSeconds} s)` : ''}`);
      throw err;
    }
    return;
  }
  if (command === 'serve' && first && second) {
    const receiver = await startWebhookReceiver({ port: Number(first), secret: second, onEvent: (e) => console.log(JSON.stringify(e)) });
    console.error(`receiving on ${receiver.url}`);
    return;
  }
  console.error('usage: main.ts pull <gateway url> <api key> [cursor] | serve <port> <whsec_ secret>');
  process.exitCode = 2;
}

void main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
