import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, wallboardEventSchema, type WallboardEvent } from '@clearing-desk/contracts';
import { createApplicationForm, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/** Demo catalogue: G400 Computer Science BSc (SCI, dept CMPS), open. */
const COURSE = 'G400';

let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment'], directoryUrl: directory.url });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

/**
 * Reads server-sent events from a response body: `next(match)` resolves with the first frame
 * (the text between blank lines) that `match` accepts, keeping what follows for the next call.
 */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(match: (frame: string) => boolean): Promise<string> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (match(frame)) return frame;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended; unread: ${buffer}`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

const eventOf = (frame: string): WallboardEvent | null => {
  const data = /^event: figures\ndata: (.*)$/m.exec(frame) ? /^data: (.*)$/m.exec(frame)?.[1] : undefined;
  return data ? wallboardEventSchema.parse(JSON.parse(data)) : null;
};

describe(`GET ${apiPath('wallboardEvents')}`, () => {
  it('streams a decision made through the API to an open wallboard as an event', async () => {
    const editor = await as('editor');
    const res = await editor.open(apiPath('wallboardEvents'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = sseReader(res);
    try {
      // Listening before the decision: the stream says so first.
      await events.next((frame) => frame.includes(': connected'));
      const before = new Date(Date.now() - 1000).toISOString();
      const form = {
        // Assessed green (A*AB and five GCSEs), so the adviser may offer.
        ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
        EMAIL: `wallboard.${randomUUID()}@example.com`,
        SUBMISSION_ID: randomUUID(),
        STATUS: 'O',
      };
      // An adviser at the desk offers a place by phone.
      const saved = await (await as('backoffice')).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form);
      expect(saved.status).toBe(200);
      expect(applyResponseSchema.parse(saved.body).confirmed_status).toBe('O');
      // Waits for the event itself (the test's timeout bounds it): others may decide meanwhile, so ours is G400's offer made since.
      const frame = await events.next((f) => {
        const event = eventOf(f);
        return !!event && event.UCAS_CODE === COURSE && event.STATUS === 'O' && event.AT >= before;
      });
      expect(eventOf(frame)).toMatchObject({ type: 'decision', UCAS_CODE: COURSE, STATUS: 'O' });
    } finally {
      await events.cancel();
    }
  }, 30_000);

  it('refuses a user without view-report (403) and answers 401 without a session', async () => {
    const refused = await (await as('frontoffice')).get(apiPath('wallboardEvents'));
    expect(refused).toMatchObject({ status: 403, body: { message: 'Your roles do not include viewing reports on any course.' } });
    expect(await new StackClient(stack.gatewayUrl).get(apiPath('wallboardEvents'))).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
  });
});
