import { createServer, type Server } from 'node:http';
import { endpoint, type Endpoint } from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { testGatewayConfig } from '../../testing/test-config';
import { createInstanceBalancer, INSTANCE_SKIP_MS } from './instance-balancer';
import { createServiceClient } from './service-clients';

/** Several URLs per service, taken in turn, a failed one skipped for a while. */

/** A real HTTP server answering `{ ok: true, name }` and counting its calls. */
async function instance(name: string) {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    calls += 1;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls: () => calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const request = { id: 'test-request', log: { warn: () => undefined, error: () => undefined } } as unknown as FastifyRequest;
/** An endpoint of the fake instances: any JSON body in, `{ ok, name }` out. */
const assess = endpoint({ method: 'POST', path: '/assessments', body: z.unknown(), responses: { 200: z.object({ ok: z.boolean(), name: z.string() }) } });

describe('createInstanceBalancer', () => {
  it('takes the instances in turn and skips one marked failed for INSTANCE_SKIP_MS', async () => {
    let now = 1_000_000;
    const balancer = createInstanceBalancer(['http://127.0.0.1:1', 'http://127.0.0.1:2', 'http://127.0.0.1:3'], {}, () => now);
    const urls = () => balancer.pick().url.slice(-1);
    expect([urls(), urls(), urls(), urls()]).toEqual(['1', '2', '3', '1']);
    balancer.failed(balancer.instances[1]!);
    expect([urls(), urls(), urls(), urls()]).toEqual(['3', '1', '3', '1']);
    now += INSTANCE_SKIP_MS;
    expect([urls(), urls(), urls()]).toEqual(['2', '3', '1']);
    // Every instance failed recently: the turn goes on (one may be back), never nothing.
    for (const i of balancer.instances) balancer.failed(i);
    expect([urls(), urls()]).toEqual(['2', '3']);
    // `avoid`: the retry of a failed call goes to another instance.
    now += INSTANCE_SKIP_MS;
    const first = balancer.instances[0]!;
    expect(balancer.pick(first)).not.toBe(first);
    await balancer.close();
  });
});

describe('a service client with two URLs', () => {
  it('spreads calls across both, and sends everything to the one left when the other stops', async () => {
    const [a, b] = await Promise.all([instance('a'), instance('b')]);
    const client = createServiceClient<'assessment', Endpoint>('assessment', [a.url, b.url], testGatewayConfig());
    try {
      for (let i = 0; i < 10; i += 1) await client.send(request, assess, { body: { i } });
      expect([a.calls(), b.calls()]).toEqual([5, 5]);

      await b.stop();
      // POSTs too: a refused connection sent nothing, so the call goes to the other instance.
      const names: string[] = [];
      for (let i = 0; i < 10; i += 1) names.push((await client.send(request, assess, { body: { i } })).name);
      expect(names).toEqual(Array(10).fill('a'));
      expect(a.calls()).toBe(15);
      const stopped = client.balancer.instances.find((i) => i.url === b.url);
      expect(stopped?.failedAt).toBeGreaterThan(0);
    } finally {
      await client.balancer.close();
      await a.stop();
    }
  });
});
