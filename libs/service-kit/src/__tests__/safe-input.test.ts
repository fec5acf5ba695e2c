import { connect } from 'node:net';
import { UNSAFE_TEXT_MESSAGE, UNSAFE_URL_MESSAGE } from '@clearing-desk/contracts';
import { z } from 'zod';
import { createService } from '../index';

/** Bad text never reaches a handler (nor PostgreSQL), and headers too large answer 431. */
describe('createService refuses unsafe input', () => {
  const reached: unknown[] = [];
  const build = () => {
    const app = createService({ name: 'test', logLevel: 'silent' });
    app.post(
      '/echo/:id',
      {
        schema: {
          params: z.object({ id: z.string() }),
          querystring: z.object({ q: z.string().optional() }),
          body: z.object({ data: z.object({ NAME1: z.string(), items: z.array(z.object({ S: z.string() })) }) }),
        },
      },
      async (req) => {
        reached.push(req.body);
        return { ok: true };
      },
    );
    return app;
  };
  const body = (NAME1: string, S = 'ok') => ({ data: { NAME1, items: [{ S }] } });

  beforeEach(() => reached.splice(0));

  it.each([
    ['a NUL character', 'Ada\u0000'],
    ['a lone high surrogate', 'Ada\uD800'],
    ['a lone low surrogate', '\uDC00Ada'],
  ])('answers 400 naming the field for a body string with %s', async (_label, NAME1) => {
    const res = await build().inject({ method: 'POST', url: '/echo/1', payload: JSON.stringify(body(NAME1)), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `data.NAME1: ${UNSAFE_TEXT_MESSAGE}` });
    expect(reached).toEqual([]);
  });

  it('names a nested field', async () => {
    const res = await build().inject({ method: 'POST', url: '/echo/1', payload: body('Ada', 'x\u0000') });
    expect(res.json()).toEqual({ message: `data.items.0.S: ${UNSAFE_TEXT_MESSAGE}` });
  });

  it('accepts a surrogate pair (an emoji) and other text', async () => {
    const res = await build().inject({ method: 'POST', url: '/echo/%F0%9F%98%80?q=%C3%A9t%C3%A9', payload: body('Zoë 😀 \t') });
    expect(res.statusCode).toBe(200);
    expect(reached).toHaveLength(1);
  });

  it.each(['/echo/a%00b', '/echo/1?q=%00', '/echo/1?q=%ED%A0%80', '/echo/1?q=%E0%A4%A', '/nowhere%00'])(
    'answers 400 to the raw URL %s before any route runs',
    async (url) => {
      const res = await build().inject({ method: 'POST', url, payload: body('Ada') });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UNSAFE_URL_MESSAGE });
      expect(reached).toEqual([]);
    },
  );

  it('answers 431 with a message to headers larger than Node accepts (a raw socket)', async () => {
    const app = build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ message: 'Exceeded maximum allowed HTTP header size' });
    } finally {
      await app.close();
    }
  });
});
