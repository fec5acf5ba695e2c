import { mkdirSync, openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Ports are taken below Linux's ephemeral range (32768-60999 by default,
 * /proc/sys/net/ipv4/ip_local_port_range). A port the OS hands out for `listen(0)` comes from that
 * range, and so does the local port of every outgoing connection: between closing the probe and the
 * service's own listen, a test's connection to PostgreSQL or Redis could take it (seen in CI as
 * `listen EADDRINUSE` of a gateway whose port freePort had just answered).
 */
const LOW = 15_000;
const HIGH = 32_000;
/** A reservation older than this is taken to belong to a test run that has ended. */
const RESERVATION_MS = 10 * 60_000;
const reservations = path.join(tmpdir(), 'clearing-desk-ports');

/** Reserves `port` for this process across every test process on the machine (a file created exclusively). */
function reserve(port: number): boolean {
  mkdirSync(reservations, { recursive: true });
  const file = path.join(reservations, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < RESERVATION_MS) return false;
      unlinkSync(file);
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      return false;
    }
  }
}

/** True when nothing listens on `port` of the loopback interface now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on the loopback interface for a test's API or metrics port: random in
 * 15000-31999, reserved for ten minutes across the machine's test processes (so two stacks started
 * at once never get the same one) and free at the time of asking. Throws after 200 tries.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (reserve(port) && (await bindable(port))) return port;
  }
  throw new Error(`no free port in ${LOW}-${HIGH - 1} after 200 tries`);
}
