import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the catcher accepted, parsed, with the time the server said 250. */
export type CaughtMail = { mail: ParsedMail; raw: string; acceptedAt: number };

/**
 * A real SMTP server for tests (smtp-server), capturing every message it accepts. `mode`
 * 'refuse' answers every message with a temporary 451 (the relay busy), 'reject' with a
 * permanent 550; `close()` stops listening (the server down); `onAccepted` runs after a message
 * was accepted (the 250 went out).
 */
export async function startSmtpCatcher(options: { port?: number } = {}) {
  const caught: CaughtMail[] = [];
  const state: { mode: 'accept' | 'refuse' | 'reject'; refused: number; onAccepted?: (m: CaughtMail) => void } = { mode: 'accept', refused: 0 };
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.mode === 'refuse') return ((state.refused += 1), callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        if (state.mode === 'reject') return ((state.refused += 1), callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })));
        const raw = Buffer.concat(chunks).toString('utf8');
        callback();
        const acceptedAt = Date.now();
        void simpleParser(raw).then((mail) => {
          const item = { mail, raw, acceptedAt };
          caught.push(item);
          state.onAccepted?.(item);
          for (const w of waiters.filter((x) => caught.length >= x.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        });
      });
    },
  });
  server.on('error', () => undefined);
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(options.port ?? 0);
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    caught,
    state,
    /** Resolves once `n` messages in all were accepted. */
    waitFor: (n: number) => (caught.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
