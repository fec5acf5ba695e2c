import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { apiPath, applyResponseSchema } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, FIVE_GCSES, createApplicationForm } from '@clearing-desk/contracts/testing';
import { REPO_ROOT, embeddedPostgresUnreachable } from '@clearing-desk/stack';
import { StackClient } from '../testing/stack-client';

/**
 * `npm start`'s launcher (tools/stack/start.ts) as a second stack (CLEARING_PORTS=free, a data
 * folder of its own): its embedded PostgreSQL server is supervised like every other process:
 * killed, it is started again, the services reconnect, a request meanwhile answers 503 with a
 * message (never a bare 502 or 500), and stopping the launcher afterwards does not hang.
 */
const dataRoot = mkdtempSync(path.join(tmpdir(), 'clearing-embedded-'));
// As root the server runs as the user postgres, who must be able to enter the folder.
chmodSync(dataRoot, 0o755);
const unreachable = embeddedPostgresUnreachable(dataRoot);
let launcher: ChildProcess | undefined;
let client: StackClient;
const lines: string[] = [];

/** Resolves with the first launcher line matching `pattern` (already printed or still to come). */
function lineMatching(pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const found = lines.find((l) => pattern.test(l));
    if (found) return resolve(found);
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${lines.slice(-30).join('\n')}`)), timeoutMs);
    const onLine = (line: string) => {
      if (!pattern.test(line)) return;
      clearTimeout(timer);
      resolve(line);
    };
    listeners.push(onLine);
  });
}
const listeners: Array<(line: string) => void> = [];

beforeAll(async () => {
  if (unreachable) return;
  launcher = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'tools/stack/start.ts')], {
    cwd: REPO_ROOT,
    // One client submitting in a loop: the public rate limits (their own tests are rate-limit.test.ts) are raised.
    env: {
      ...process.env,
      CLEARING_PORTS: 'free',
      CLEARING_DATA_ROOT: dataRoot,
      PORT: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_APPLY_MAX: '10000',
      RATE_LIMIT_APPLY_BUDGET: '10000',
      RATE_LIMIT_APPLY_PER_APPLICANT_MAX: '10000',
      RATE_LIMIT_APPLIED_MAX: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [launcher.stdout, launcher.stderr]) {
    if (stream)
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        for (const listener of listeners) listener(line);
      });
  }
  const running = await lineMatching(/Clearing Desk is running at (http:\/\/localhost:\d+)/, 240_000);
  const url = /(http:\/\/localhost:\d+)/.exec(running)?.[1] as string;
  // CLEARING_PORTS=free moves the gateway too.
  expect(url).not.toBe('http://localhost:3000');
  client = new StackClient(url.replace('localhost', '127.0.0.1'));
  await client.get(apiPath('ping'));
}, 300_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    launcher.kill('SIGKILL');
  }
  rmSync(dataRoot, { recursive: true, force: true });
}, 60_000);

let people = 0;
const submit = () => {
  people += 1;
  return client.send('POST', apiPath('apply', { course: 'G400' }), {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
    EMAIL: `embedded.kill.${people}.${Date.now()}@example.com`,
    UCAS_PERSONAL_ID: String(7600000000 + people),
    SUBMISSION_ID: randomUUID(),
  });
};

/** The embedded server's postmaster: the postgres process serving this stack's data folder. */
const postmasterPid = (): number => Number(execFileSync('pgrep', ['-o', '-f', `postgres -D ${path.join(dataRoot, 'postgres')}`], { encoding: 'utf8' }).trim());

(unreachable ? describe.skip : describe)('the embedded PostgreSQL server killed under npm start', () => {
  it('comes back by itself: submissions answer 503 with a message meanwhile and 200 again within 10 s', async () => {
    expect((await submit()).status).toBe(200);
    const before = postmasterPid();
    process.kill(before, 'SIGKILL');
    const killedAt = Date.now();

    const refused: Array<{ status: number; message?: string }> = [];
    let stored = false;
    while (!stored && Date.now() - killedAt < 10_000) {
      const res = await submit();
      if (res.status === 200) stored = applyResponseSchema.safeParse(res.body).success;
      else refused.push({ status: res.status, message: (res.body as { message?: string }).message });
      if (!stored) await new Promise((r) => setTimeout(r, 100));
    }
    // On failure: what the submissions answered and what the launcher said.
    expect({ stored, refused: refused.slice(-3), launcher: lines.filter((l) => /stack|postgres|applications/i.test(l)).slice(-12) }).toMatchObject({
      stored: true,
    });
    for (const answer of refused) {
      expect(answer).toEqual({ status: 503, message: 'The database is not available for a moment. Please try again in a few seconds.' });
    }
    await lineMatching(/\[stack\] postgres restarted/, 1_000);
    expect(postmasterPid()).not.toBe(before);
  }, 60_000);

  it('stops when asked, without hanging', async () => {
    const exited = new Promise<number | null>((resolve) => launcher?.once('exit', (code) => resolve(code)));
    launcher?.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
