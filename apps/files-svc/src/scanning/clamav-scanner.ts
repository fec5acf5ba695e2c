import { createReadStream } from 'node:fs';
import { createConnection } from 'node:net';
import type { Readable } from 'node:stream';
import NodeClam from 'clamscan';

/** A scan's verdict; there is no third answer: a scan that cannot run throws. */
export type ScanVerdict = { infected: false } | { infected: true; signatures: string[] };

export type Scanner = {
  /** @throws ScannerUnavailableError when no clamd could give a verdict (fail closed). */
  scan(filePath: string): Promise<ScanVerdict>;
  /**
   * Scans the bytes `open` gives (called again for each transport tried: a stream is read once).
   * @throws ScannerUnavailableError as `scan`.
   */
  scanStream(open: () => Readable | Promise<Readable>): Promise<ScanVerdict>;
  /** Resolves when a clamd answers PING with PONG (readiness); absent on test doubles. @throws ScannerUnavailableError */
  ping?(): Promise<void>;
};

/** How long files-svc's readiness waits for clamd's PONG. */
export const CLAMD_PING_TIMEOUT_MS = 1_000;

/** Sends clamd's `zPING` over one transport and resolves on `PONG` (clamd's protocol, man clamd). */
function pingTransport(t: Transport, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const { socket, host, port } = t.clamdscan;
    const conn = socket ? createConnection({ path: socket }) : createConnection({ host: host ?? '127.0.0.1', port: port ?? 3310 });
    let answer = '';
    const fail = (reason: string) => {
      conn.destroy();
      reject(new Error(reason));
    };
    conn.setTimeout(timeoutMs, () => fail('no answer to PING'));
    conn.on('error', (err) => fail(err.message));
    conn.on('connect', () => conn.write('zPING\0'));
    conn.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (answer.includes('PONG')) {
        conn.destroy();
        resolve();
      }
    });
    conn.on('end', () => fail(`unexpected answer to PING: ${JSON.stringify(answer)}`));
  });
}

/** No clamd gave a verdict: unreachable, timed out, or answered an error. */
export class ScannerUnavailableError extends Error {
  constructor(readonly causes: string[]) {
    super(`virus scanning is unavailable: ${causes.join('; ') || 'no clamd configured'}`);
    this.name = 'ScannerUnavailableError';
  }
}

export type ClamavOptions = {
  /** clamd's local socket (tried first), or undefined. */
  socket?: string;
  /** clamd's TCP address (tried next), or undefined. */
  host?: string;
  port?: number;
  timeoutMs: number;
};

type Transport = { label: string; clamdscan: { socket?: string; host?: string; port?: number } };

/**
 * Scans files with clamd through the `clamscan` package (INSTREAM, so clamd needs no access to
 * FILES_DIR and may run on another host): its local socket first, then TCP; a transport that
 * fails hands over to the next. clamscan's own local-binary fallback stays off: the `clamscan`
 * CLI would load the signature database on every file and, without one, fail anyway. Only an
 * explicit OK is clean; anything else throws, so no file ever passes unscanned.
 */
export function createClamavScanner(options: ClamavOptions): Scanner {
  const transports: Transport[] = [];
  if (options.socket) transports.push({ label: `socket ${options.socket}`, clamdscan: { socket: options.socket } });
  if (options.port)
    transports.push({ label: `tcp ${options.host ?? '127.0.0.1'}:${options.port}`, clamdscan: { host: options.host ?? '127.0.0.1', port: options.port } });

  const clients = new Map<Transport, Promise<NodeClam>>();
  const client = (t: Transport) => {
    let found = clients.get(t);
    if (!found) {
      found = new NodeClam().init({
        removeInfected: false,
        debugMode: false,
        preference: 'clamdscan',
        clamscan: { active: false },
        clamdscan: { ...t.clamdscan, timeout: options.timeoutMs, localFallback: false, bypassTest: true, active: true },
      });
      found.catch(() => clients.delete(t));
      clients.set(t, found);
    }
    return found;
  };

  const scanStream = async (open: () => Readable | Promise<Readable>): Promise<ScanVerdict> => {
    const causes: string[] = [];
    for (const t of transports) {
      try {
        const result = await (await client(t)).scanStream(await open());
        if (result.isInfected === true) return { infected: true, signatures: result.viruses.length ? result.viruses : ['unknown'] };
        if (result.isInfected === false) return { infected: false };
        causes.push(`${t.label}: no verdict`);
      } catch (err) {
        causes.push(`${t.label}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    throw new ScannerUnavailableError(causes);
  };

  return {
    scanStream,
    scan: (filePath) => scanStream(() => createReadStream(filePath)),
    async ping() {
      const causes: string[] = [];
      for (const t of transports) {
        try {
          return await pingTransport(t, Math.min(options.timeoutMs, CLAMD_PING_TIMEOUT_MS));
        } catch (err) {
          causes.push(`${t.label}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      throw new ScannerUnavailableError(causes);
    },
  };
}
