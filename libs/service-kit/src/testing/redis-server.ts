import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { freePort } from './free-port';

export type RedisServerOptions = {
  /** The password every client must give (`--requirepass`, or the ACL user's when `username` is set). */
  password: string;
  /** An ACL user with every right and `password`; the default user is then switched off. */
  username?: string;
  /** TLS only (`rediss://`), with a self-signed certificate for 127.0.0.1 made by openssl here. */
  tls?: boolean;
  /** The port (default: a free one), e.g. to start Redis again where its clients left it (an outage test). */
  port?: number;
};

/** A running redis-server of a test. */
export type RedisServer = {
  /** REDIS_URL with the credentials, e.g. `redis://:secret@127.0.0.1:41234` or `rediss://user:secret@127.0.0.1:41234`. */
  url: string;
  /** With `tls`: the PEM file of the server's certificate, to trust (NODE_EXTRA_CA_CERTS, or ioredis `tls.ca`). */
  caFile: string | null;
  /** Stops the server (SIGTERM, SIGKILL after 5 s) and removes its folder. */
  stop(): Promise<void>;
};

const run = promisify(execFile);

/**
 * Starts a throw-away redis-server on a free port of 127.0.0.1 that demands a password (and,
 * with `tls`, TLS): for tests that REDIS_URL's credentials and `rediss://` reach Redis.
 * Nothing is saved to disk. Resolves once the server says it accepts connections.
 * @throws when redis-server (or openssl, for `tls`) is missing or the server does not start within 10 s.
 */
export async function startRedisServer({ password, username, tls = false, port: wantedPort }: RedisServerOptions): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearing-redis-'));
  const port = wantedPort ?? (await freePort());
  const args = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  let caFile: string | null = null;
  if (tls) {
    caFile = path.join(dir, 'cert.pem');
    const keyFile = path.join(dir, 'key.pem');
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', caFile, '-days', '1', ...subject]);
    args.push('--port', '0', '--tls-port', String(port), '--tls-cert-file', caFile, '--tls-key-file', keyFile, '--tls-auth-clients', 'no');
  } else {
    args.push('--port', String(port));
  }
  if (username) args.push('--user', 'default', 'off', '--user', username, 'on', `>${password}`, '~*', '&*', '+@all');
  else args.push('--requirepass', password);

  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const tail: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${tail.join('\n')}`)), 10_000);
      child.once('error', (err) => reject(err));
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${tail.join('\n')}`)));
      for (const stream of [child.stdout, child.stderr]) {
        if (!stream) continue;
        createInterface({ input: stream }).on('line', (line) => {
          tail.push(line);
          if (tail.length > 20) tail.shift();
          if (line.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
  } catch (err) {
    await stop();
    throw err;
  }
  child.removeAllListeners('exit');
  const credentials = `${username ? encodeURIComponent(username) : ''}:${encodeURIComponent(password)}@`;
  return { url: `${tls ? 'rediss' : 'redis'}://${credentials}127.0.0.1:${port}`, caFile, stop };
}
