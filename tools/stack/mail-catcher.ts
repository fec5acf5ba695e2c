import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** maildev's command-line entry (the `maildev` npm package, a devDependency: nothing downloads). */
const MAILDEV_BIN = path.resolve(__dirname, '../../node_modules/maildev/dist/bin/maildev.js');

export type MailCatcher = {
  /** Where notifications-svc sends (SMTP_URL). */
  smtpUrl: string;
  /** The web inbox (and its REST API under /api: GET /api/email lists the messages). */
  inboxUrl: string;
  stop: () => Promise<void>;
};

/** A message as maildev's API lists it (the fields the tests and benchmarks read). */
export type CaughtEmail = {
  id: string;
  subject: string;
  messageId?: string;
  text?: string;
  html?: string;
  to: { address: string; name?: string }[];
  date?: string;
  /** The files attached, as maildev lists them (`generatedFileName` is what caughtAttachment asks for). */
  attachments?: { fileName?: string; filename?: string; generatedFileName: string; contentType: string }[];
};

/**
 * The local mail catcher of `npm start`, the browser tests and the benchmarks:
 * maildev on 127.0.0.1, SMTP on `smtpPort` and the web inbox on `webPort`, messages in memory.
 * Resolves once both listen; `stop()` ends it. Production points SMTP_URL at the university's
 * relay instead (README "Email").
 */
export async function startMailCatcher(options: { smtpPort: number; webPort: number; logs?: 'pretty' | 'silent' }): Promise<MailCatcher> {
  const child: ChildProcess = spawn(
    process.execPath,
    [MAILDEV_BIN, '--smtp', String(options.smtpPort), '--web', String(options.webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      if (options.logs === 'pretty') process.stdout.write(`[maildev] ${line}\n`);
    });
  }
  const inboxUrl = `http://127.0.0.1:${options.webPort}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`maildev exited with ${child.exitCode}:\n${tail.join('\n')}`);
    try {
      const res = await fetch(`${inboxUrl}/api/healthz`);
      if (res.ok) return { smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`, inboxUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await stop();
  throw new Error(`maildev did not start within 60 s:\n${tail.join('\n')}`);
}

/** The messages in a mail catcher's inbox, oldest first. */
export async function caughtEmails(inboxUrl: string): Promise<CaughtEmail[]> {
  const res = await fetch(`${inboxUrl}/api/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  return (await res.json()) as CaughtEmail[];
}

/**
 * The content (text) of one attachment of a caught message: `name` is the attachment's
 * `generatedFileName` (maildev's GET /api/email/{id}/attachment/{name}). @throws when maildev
 * answers other than 200.
 */
export async function caughtAttachment(inboxUrl: string, id: string, name: string): Promise<string> {
  const res = await fetch(`${inboxUrl}/api/email/${encodeURIComponent(id)}/attachment/${encodeURIComponent(name)}`);
  if (!res.ok) throw new Error(`maildev answered ${res.status} for attachment ${name}`);
  return res.text();
}
