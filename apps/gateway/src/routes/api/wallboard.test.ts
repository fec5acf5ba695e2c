import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, wallboardEventSchema, wallboardResponseSchema, type WallboardEvent } from '@clearing-desk/contracts';
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
        return event?.type === 'decision' && event.UCAS_CODE === COURSE && event.STATUS === 'O' && event.AT >= before;
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

describe(`GET ${apiPath('wallboard')}`, () => {
  /** An adviser's phone application on COURSE with decision `status` (meant for the applicant: counted in their decisions today). */
  const createAs = async (username: string, status: 'O' | 'R') => {
    const form = {
      ...createApplicationForm({
        DOB: '2006-05-14',
        NATIONALITY: 'GBR',
        GCSE_QUALIFICATIONS: FIVE_GCSES,
        QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
        // A person of their own each time: not a duplicate of the applications before.
        NAME2: `Board${randomUUID().slice(0, 8)}`,
        UCAS_PERSONAL_ID: String(7_000_000_000 + Math.floor(Math.random() * 999_999_999)),
      }),
      EMAIL: `wallboard.${randomUUID()}@example.com`,
      SUBMISSION_ID: randomUUID(),
      STATUS: status,
    };
    const saved = await (await as(username)).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form);
    expect({ status: saved.status, body: saved.status === 200 ? null : saved.body }).toEqual({ status: 200, body: null });
    return applyResponseSchema.parse(saved.body);
  };
  const board = async () => {
    const res = await (await as('editor')).get(apiPath('wallboard'));
    expect(res.status).toBe(200);
    return wallboardResponseSchema.parse(res.body);
  };
  const adviser = (b: Awaited<ReturnType<typeof board>>, username: string) => b.advisers.find((a) => a.username === username);

  it('shows each adviser signed in with what they have open and their decisions today, and the thresholds of the red states', async () => {
    const before = await board();
    expect(before.thresholds).toEqual({ queue_length: 20, oldest_wait_minutes: 30, callbacks_at_risk: 1, callbacks_missed: 1 });
    // The editor (asking) is signed in; the Back Office adviser is once they sign in.
    expect(adviser(before, 'editor')).toMatchObject({ name: 'Eddie Editor' });
    const decided = adviser(before, 'backoffice')?.decisions_today ?? 0;

    await createAs('backoffice', 'O');
    const afterOffer = await board();
    expect(adviser(afterOffer, 'backoffice')).toMatchObject({ name: 'Bola Backoffice', decisions_today: decided + 1 });

    // An application opened at the desk: the board names it, and the stream says the desk changed.
    const waiting = await createAs('backoffice', 'R');
    const stream = sseReader(await (await as('editor')).open(apiPath('wallboardEvents')));
    try {
      await stream.next((frame) => frame.includes(': connected'));
      const opened = await (await as('backoffice')).send('PUT', apiPath('deskPresence', { student: waiting.id[0], course: COURSE }), { take_over: false });
      expect(opened.status).toBe(200);
      await stream.next((frame) => eventOf(frame)?.type === 'desk');
    } finally {
      await stream.cancel();
    }
    const open = adviser(await board(), 'backoffice')?.open ?? [];
    expect(open.filter((o) => o.APPLICATION_ID === waiting.app_id)).toEqual([
      { APPLICATION_ID: waiting.app_id, UCAS_CODE: COURSE, COURSE_TITLE: 'Computer Science', since: expect.any(String) },
    ]);

    // Closing the form frees it: nothing of it open on the board.
    await (await as('backoffice')).send('DELETE', apiPath('deskPresenceRelease', { student: waiting.id[0], course: COURSE }), {});
    expect((adviser(await board(), 'backoffice')?.open ?? []).filter((o) => o.APPLICATION_ID === waiting.app_id)).toEqual([]);
  }, 30_000);

  it('refuses a user without view-report (403)', async () => {
    expect(await (await as('frontoffice')).get(apiPath('wallboard'))).toMatchObject({
      status: 403,
      body: { message: 'Your roles do not include viewing reports on any course.' },
    });
  });
});
