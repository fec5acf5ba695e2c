import { createServer, type Server } from 'node:http';
import { endpoint, type Endpoint } from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { testGatewayConfig } from '../testing/test-config';
import { createInstanceBalancer, INSTANCE_SKIP_MS } from './instance-balancer';
import { createServiceClient } from '../plugins/app/service-clients';

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

/**
 * A Kubernetes Service's cluster address as kube-proxy makes it: a TCP address that gives each new
 * connection to one of the ready endpoints in turn; `endpoints` changes as pods come and go.
 */
async function serviceAddress(initial: string[]) {
  let endpoints = [...initial];
  let turn = 0;
  const sockets = new Set<import('node:net').Socket>();
  const { createServer: createTcpServer, connect } = await import('node:net');
  const server = createTcpServer((client) => {
    const target = new URL(endpoints[turn++ % endpoints.length] as string);
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setEndpoints: (urls: string[]) => void (endpoints = [...urls]),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a service client at a Kubernetes Service address', () => {
  it('reaches every ready pod as the set changes: a pod added under steady load gets calls, a removed one none once its connections are renewed', async () => {
    const [a, b, c] = [await instance('a'), await instance('b'), await instance('c')];
    const service = await serviceAddress([a.url]);
    // A short connection lifetime, so the test sees a few renewals; the default is 30 s.
    const client = createServiceClient<'assessment', Endpoint>('assessment', service.url, { ...testGatewayConfig(), SERVICE_CONNECTION_TTL_MS: 50 });
    /** Calls, four at a time (kept-alive connections stay busy), until `done` holds; at most 5000. */
    const callUntil = async (done: () => boolean) => {
      for (let i = 0; i < 5000 && !done(); i += 4) {
        await Promise.all([1, 2, 3, 4].map(() => client.send(request, assess, { body: {} })));
      }
    };
    try {
      await callUntil(() => a.calls() >= 20);
      // The autoscaler adds two pods: both get calls while the load goes on.
      service.setEndpoints([a.url, b.url, c.url]);
      await callUntil(() => b.calls() > 0 && c.calls() > 0);
      expect([b.calls() > 0, c.calls() > 0]).toEqual([true, true]);
      // It takes a away (scale-in): once the connections to it are renewed, b and c take every call.
      service.setEndpoints([b.url, c.url]);
      let quiet = 0;
      for (let i = 0; i < 500 && quiet < 10; i += 1) {
        const before = a.calls();
        await Promise.all([1, 2, 3, 4].map(() => client.send(request, assess, { body: {} })));
        quiet = a.calls() === before ? quiet + 1 : 0;
      }
      const [aBefore, bBefore, cBefore] = [a.calls(), b.calls(), c.calls()];
      await callUntil(() => b.calls() > bBefore + 20 && c.calls() > cBefore + 20);
      expect([a.calls() - aBefore, b.calls() > bBefore + 20, c.calls() > cBefore + 20]).toEqual([0, true, true]);
    } finally {
      await client.balancer.close();
      await service.stop();
      await Promise.all([a.stop(), b.stop(), c.stop()]);
    }
  }, 60_000);
});
