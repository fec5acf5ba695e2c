import { Writable } from 'node:stream';
import { createService, HttpError, redactPersonalText, redactUrl } from '../index';

/** A service whose every log line is kept as text. */
function loggingService() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  const app = createService({ name: 'test', logLevel: 'info', logger: { level: 'info', stream }, requestLogSample: 1 });
  return { app, text: () => text };
}

describe('no personal data in logs', () => {
  it('redacts every query value of a URL and keeps its path and parameter names', () => {
    expect(redactUrl('/api/applications/G400/applied?email=ann%40example.com&ucas_personal_id=1234567890&_=1')).toBe(
      '/api/applications/G400/applied?email=[redacted]&ucas_personal_id=[redacted]&_=[redacted]',
    );
    expect(redactUrl('/api/courses/G400')).toBe('/api/courses/G400');
  });

  it('takes e-mail addresses and UCAS Personal IDs out of free text', () => {
    expect(redactPersonalText('550 5.1.1 <ann.o@example.co.uk>: Recipient rejected; UCAS 1234567890')).toBe(
      '550 5.1.1 <[redacted]>: Recipient rejected; UCAS [redacted]',
    );
  });

  it('logs a request with its query redacted, never its body, and errors without the addresses they name', async () => {
    const { app, text } = loggingService();
    app.get('/applied', async () => ({ rows: [] }));
    app.post('/fail', async () => {
      throw new Error('could not send to zoe.smith@example.com (UCAS 9876543210)');
    });
    app.post('/refuse', async () => {
      throw new HttpError(409, 'duplicate for zoe.smith@example.com');
    });
    app.get('/log', async (request) => {
      request.log.info({ email: 'zoe.smith@example.com', NAME1: 'Zoe', meta: { NAME2: 'Smith' } }, 'looked up zoe.smith@example.com');
      return {};
    });
    await app.inject('/applied?email=zoe.smith%40example.com&ucas_personal_id=9876543210');
    await app.inject({ method: 'POST', url: '/fail', payload: { EMAIL: 'zoe.smith@example.com', NAME1: 'Zoe' } });
    await app.inject({ method: 'POST', url: '/refuse', payload: { EMAIL: 'zoe.smith@example.com' } });
    await app.inject('/log');
    await app.close();
    const out = text();
    expect(out).toContain('/applied?email=[redacted]&ucas_personal_id=[redacted]');
    for (const personal of ['zoe.smith', '9876543210', 'Zoe', 'Smith']) expect(out).not.toContain(personal);
  });
});
