import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { APPLICATIONS_SVC, COURSES_SVC, endpoint, type Endpoint } from '@clearing-desk/contracts';
import Fastify from 'fastify';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { testGatewayConfig } from '../../testing/test-config';
import { createServiceClient, isConnectionError } from './service-clients';

/**
 * A raw TCP server standing in for a service: `behaviour(n)` decides what the n-th connection gets
 * (dropped at once, answered, or left hanging), so the tests see exactly how many attempts came.
 */
async function fakeService(behaviour: (n: number) => 'drop' | 'answer' | 'hang') {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    connections += 1;
    const action = behaviour(connections);
    socket.once('data', () => {
      if (action === 'drop') socket.destroy();
      if (action === 'answer') {
        const body = JSON.stringify({ ok: true });
        socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const request = {
  id: 'test-request',
  log: { warn: () => undefined, error: () => undefined },
} as unknown as FastifyRequest;
const config = testGatewayConfig({ SERVICE_TIMEOUT_MS: '400' });
const okSchema = z.object({ ok: z.boolean() });
/** The fake service's one endpoint, read and written. */
const readX = endpoint({ method: 'GET', path: '/x', responses: { 200: okSchema } });
const writeX = endpoint({ method: 'POST', path: '/x', body: z.object({}), responses: { 200: okSchema } });

async function callWith(behaviour: (n: number) => 'drop' | 'answer' | 'hang', method: 'GET' | 'POST') {
  const service = await fakeService(behaviour);
  const client = createServiceClient<'courses', Endpoint>('courses', service.url, config);
  try {
    const result = await (method === 'POST' ? client.send(request, writeX, { body: {} }) : client.send(request, readX)).then(
      (value) => ({ value }),
      (err: unknown) => ({ err }),
    );
    return { result, connections: service.connections() };
  } finally {
    await client.balancer.close();
    await service.close();
  }
}

describe("a service's client (every internal call through a declaration)", () => {
  it("takes only the endpoints its service declares: another service's does not compile", async () => {
    const client = createServiceClient('courses', 'http://127.0.0.1:1', config);
    const own = () => client.send(request, COURSES_SVC.detail, { params: { id: 'G400' } });
    // @ts-expect-error applications-svc's endpoint, sent to courses-svc
    const other = () => client.send(request, APPLICATIONS_SVC.status);
    expect([typeof own, typeof other]).toEqual(['function', 'function']);
    await client.balancer.close();
  });
});

describe('service client retry of an idempotent GET', () => {
  it('retries a GET once when the service drops the first connection, and answers', async () => {
    const { result, connections } = await callWith((n) => (n === 1 ? 'drop' : 'answer'), 'GET');
    expect(result).toEqual({ value: { ok: true } });
    expect(connections).toBe(2);
  });

  it('retries only once: two dropped connections answer 503', async () => {
    const { result, connections } = await callWith(() => 'drop', 'GET');
    expect((result as { err: HttpError }).err).toMatchObject({ statusCode: 503, message: 'courses service is unavailable' });
    expect(connections).toBe(2);
  });

  it('never retries a POST (the service may have stored it)', async () => {
    const { result, connections } = await callWith((n) => (n === 1 ? 'drop' : 'answer'), 'POST');
    expect((result as { err: HttpError }).err).toMatchObject({ statusCode: 503 });
    expect(connections).toBe(1);
  });

  it('does not retry a GET that timed out: 504 after one attempt', async () => {
    const { result, connections } = await callWith(() => 'hang', 'GET');
    expect((result as { err: HttpError }).err).toMatchObject({ statusCode: 504 });
    expect(connections).toBe(1);
  });

  it('tells connection errors from timeouts and other errors', () => {
    expect(isConnectionError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('closed'), { code: 'UND_ERR_SOCKET' }))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('slow'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe(false);
    expect(isConnectionError(new Error('plain'))).toBe(false);
  });
});

describe('forward: one-to-one answers go on as the service wrote them, once validated', () => {
  /** A service answering GET /x with `text` (JSON content type). */
  async function answering(text: string) {
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createServiceClient<'courses', Endpoint>('courses', `http://127.0.0.1:${port}`, config);
    const app = Fastify();
    const e = endpoint({ method: 'GET', path: '/x', responses: { 200: okSchema } });
    app.get('/forwarded', async (req, reply) => client.forward(req, reply, e));
    return {
      app,
      close: async () => {
        await app.close();
        await client.balancer.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it("sends the service's own JSON text with a JSON type", async () => {
    const text = '{ "ok" : true }';
    const { app, close } = await answering(text);
    try {
      const res = await app.inject('/forwarded');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(text);
    } finally {
      await close();
    }
  });

  it('answers 502 when the service breaks its contract, as `send` does', async () => {
    const { app, close } = await answering('{"ok":"yes"}');
    try {
      const res = await app.inject('/forwarded');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: 'courses service gave an invalid answer' });
    } finally {
      await close();
    }
  });
});
