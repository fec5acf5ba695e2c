import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** tools/clamav: the clamd configuration and signature database the product ships. */
const CLAMAV_DIR = path.resolve(__dirname, '../../../../tools/clamav');

export type PrivateClamd = {
  /** clamd's local socket, for CLAMAV_SOCKET. */
  socket: string;
  stop(): Promise<void>;
};

const pong = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const conn = connect({ path: socket });
    let answer = '';
    conn.setTimeout(1_000, () => conn.destroy());
    conn.on('connect', () => conn.write('zPING\0'));
    conn.on('data', (d) => (answer += d.toString()));
    conn.on('close', () => resolve(answer.startsWith('PONG')));
    conn.on('error', () => resolve(false));
  });

/**
 * A clamd of this test's own, started from the SHIPPED `tools/clamav/clamd.conf` (its limits and
 * signature database) with only the places changed: a private socket instead of the machine's
 * socket and TCP port, its pid and log files in a temporary folder, in the foreground, as the
 * current user. The machine's shared clamd may still run an older configuration, so a test of
 * what the shipped configuration does (archive limits) runs against this one.
 * Starting it takes well under a second with the EICAR-only database.
 * @throws when clamd does not answer PING within 30 s (its log is in the message).
 */
export async function startPrivateClamd(): Promise<PrivateClamd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clamd-test-'));
  const socket = path.join(dir, 'clamd.sock');
  const log = path.join(dir, 'clamd.log');
  const conf = readFileSync(path.join(CLAMAV_DIR, 'clamd.conf'), 'utf8')
    .replaceAll('@CLAMAV_DIR@', CLAMAV_DIR)
    .replace(/^LocalSocket .*$/m, `LocalSocket ${socket}`)
    .replace(/^(TCPSocket|TCPAddr|User) .*$/gm, '')
    .replace(/^PidFile .*$/m, `PidFile ${path.join(dir, 'clamd.pid')}`)
    .replace(/^LogFile .*$/m, `LogFile ${log}`)
    .replace(/^Foreground .*$/m, 'Foreground yes');
  writeFileSync(path.join(dir, 'clamd.conf'), conf);
  const child = spawn('clamd', [`--config-file=${path.join(dir, 'clamd.conf')}`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) break;
    if (await pong(socket)) return { socket, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  const logText = (() => {
    try {
      return readFileSync(log, 'utf8');
    } catch {
      return '(no log)';
    }
  })();
  await stop();
  throw new Error(`clamd with tools/clamav/clamd.conf did not answer on ${socket}:\n${logText}`);
}
