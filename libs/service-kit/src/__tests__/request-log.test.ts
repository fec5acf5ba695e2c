import { Writable } from 'node:stream';
import { createService } from '../index';

/** One compact request line, every 4xx/5xx kept, one in N of the others. */
function serviceLogging(requestLogSample: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const app = createService({ name: 'test', logLevel: 'info', logger: { level: 'info', stream }, requestLogSample });
  app.get('/ok', async () => ({ ok: true }));
  return { app, lines: () => lines.filter((l) => l.msg === 'request') };
}

describe('request logs', () => {
  it('logs every 4xx and 5xx and one in N of the rest, each in one compact line', async () => {
    const { app, lines } = serviceLogging(3);
    for (let i = 0; i < 6; i += 1) expect((await app.inject('/ok')).statusCode).toBe(200);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect((await app.inject('/ok?x=%00')).statusCode).toBe(400);
    const logged = lines();
    // Successes 1 and 4 of 6 (one in three), then both refusals.
    expect(logged.map((l) => [l.url, l.statusCode])).toEqual([
      ['/ok', 200],
      ['/ok', 200],
      ['/missing', 404],
      ['/ok?x=[redacted]', 400],
    ]);
    for (const line of logged) {
      expect(Object.keys(line).sort()).toEqual(['level', 'method', 'ms', 'msg', 'pid', 'hostname', 'reqId', 'statusCode', 'time', 'url'].sort());
      expect(line.method).toBe('GET');
      expect(line.level).toBe(30);
    }
    // Fastify's own two lines per request (incoming request / request completed) are gone.
    await app.close();
  });

  it('logs every request with 1 and only refusals with 0', async () => {
    const every = serviceLogging(1);
    for (let i = 0; i < 3; i += 1) await every.app.inject('/ok');
    expect(every.lines()).toHaveLength(3);
    const none = serviceLogging(0);
    for (let i = 0; i < 3; i += 1) await none.app.inject('/ok');
    await none.app.inject('/missing');
    expect(none.lines().map((l) => l.statusCode)).toEqual([404]);
    await Promise.all([every.app.close(), none.app.close()]);
  });
});
