import { randomUUID } from 'node:crypto';
import {
  apiPath,
  applyResponseSchema,
  clearingStatusResponseSchema,
  courseDetailResponseSchema,
  cycleResponseSchema,
  CYCLE_MESSAGES,
  decisionEmailPayloadSchema,
  deskApplicationResponseSchema,
  OUTBOX_KINDS,
} from '@clearing-desk/contracts';
import { createApplicationForm, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * Rolling the recruitment cycle through the gateway (domain.md "Recruitment cycles") on the test
 * stack's clock (CLEARING_CLOCK: results day 2025): the 2025/26 cycle is seeded from configuration,
 * an Administrator rolls it to 2026/27, last cycle's applications keep their cycle, the course that
 * started on the old default start date starts on the new one (course page and decision emails),
 * and on 14 August 2025 the public meets the 2026/27 cycle's closed state.
 */
const NURSING = 'B740'; // Adult Nursing: starts on the 2025/26 default, 22 September 2025
const COMPUTING = 'G400'; // starts on 29 September 2025: a start date of its own

let directory: Directory;
let stack: Stack;
let applications: Client;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
  applications = new Client({ connectionString: stack.databaseUrls.applications });
  await applications.connect();
}, 120_000);

afterAll(async () => {
  await applications?.end();
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);
const GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
let people = 0;
function greenForm(): Record<string, unknown> {
  people += 1;
  return {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
    EMAIL: `cycle.roll.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7500000000 + people),
  };
}

/** Reads until `done` holds (the course moves follow the roll through the outbox and a queue). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const courseStart = async (code: string) =>
  courseDetailResponseSchema.parse((await new StackClient(stack.gatewayUrl).get(`${apiPath('course', { id: code })}?_=${Date.now()}`)).body).courseData
    .COURSE_START_DATE;
const intakeOf = async (email: unknown) =>
  (await applications.query('select intake from applications where email_normalised = lower($1)', [email])).rows.map((r: { intake: string }) => r.intake);
/** The staff desk's answer for an application (`id` of its apply answer): its cycle, as the application screen shows it. */
const deskCycle = async (staff: StackClient, id: readonly string[]) => {
  const got = await staff.get(`${apiPath('deskApplication', { student: id[0] ?? '', course: id[1] ?? '' })}?_=${Date.now()}`);
  expect(got.status).toBe(200);
  return deskApplicationResponseSchema.parse(got.body).CYCLE;
};
const emailedStart = async (email: unknown): Promise<string> => {
  const { rows } = await applications.query(
    `select o.payload from outbox o join applications a on o.aggregate_id = a.application_id::text where a.email_normalised = lower($1) and o.kind = $2`,
    [email, OUTBOX_KINDS.DECISION_EMAIL],
  );
  return decisionEmailPayloadSchema.parse(rows[0].payload).course.COURSE_START_DATE;
};

describe('rolling to the next recruitment cycle', () => {
  it('keeps last cycle applications under their cycle, moves the default start date everywhere, and closes Clearing outside the new window', async () => {
    // 2025/26, seeded from configuration, is open on results day 2025: a public offer is made in it.
    const before = greenForm();
    const visitor = new StackClient(stack.gatewayUrl);
    await visitor.get(apiPath('ping'));
    const applied = await visitor.send('POST', apiPath('apply', { course: NURSING }), { ...before, SUBMISSION_ID: randomUUID() });
    expect(applied.status).toBe(200);
    expect(await intakeOf(before['EMAIL'])).toEqual(['2025/26']);
    expect(await courseStart(NURSING)).toBe('2025-09-22');
    expect(await emailedStart(before['EMAIL'])).toBe('2025-09-22');

    // The Administrator rolls.
    const admin = await as('admin');
    const cycle = cycleResponseSchema.parse((await admin.get(apiPath('recruitmentCycle'))).body);
    expect([cycle.current.NAME, cycle.current.IN_WINDOW, cycle.next.NAME, cycle.next.COURSE_START_DATE]).toEqual(['2025/26', true, '2026/27', '2026-09-22']);
    const rolled = await admin.send('POST', apiPath('recruitmentCycleRoll'), { FROM: '2025/26' });
    expect(rolled.status).toBe(200);
    expect(cycleResponseSchema.parse(rolled.body).current).toMatchObject({ NAME: '2026/27', CLEARING_OPENS: '2026-07-05', IN_WINDOW: false });
    // Only a Front Office adviser's confirmation is refused; a repeated one is a 409.
    expect((await (await as('frontoffice')).send('POST', apiPath('recruitmentCycleRoll'), { FROM: '2026/27' })).status).toBe(403);
    expect((await admin.send('POST', apiPath('recruitmentCycleRoll'), { FROM: '2025/26' })).status).toBe(409);

    // The course page shows the new start date; a course with a start date of its own keeps it.
    expect(
      await until(
        () => courseStart(NURSING),
        (d) => d === '2026-09-22',
      ),
    ).toBe('2026-09-22');
    expect(await courseStart(COMPUTING)).toBe('2025-09-29');
    // Last cycle's application keeps its cycle.
    expect(await intakeOf(before['EMAIL'])).toEqual(['2025/26']);
    // ... and stays readable on the staff desk, under its own cycle.
    expect(await deskCycle(admin, applyResponseSchema.parse(applied.body).id)).toBe('2025/26');

    // On 14 August 2025 the 2026/27 window has not opened: the public meets the closed state and its message.
    const status = clearingStatusResponseSchema.parse((await visitor.get(apiPath('clearingStatus'))).body);
    const closed = CYCLE_MESSAGES.CLOSED_OUTSIDE_WINDOW({ NAME: '2026/27', CLEARING_OPENS: '2026-07-05', CLEARING_CLOSES: '2026-10-20' });
    expect([status.state, status.closing_message]).toEqual([0, closed]);
    expect(closed).toBe('Clearing 2026/27 is open from 5 July 2026 to 20 October 2026.');
    expect((await visitor.get(apiPath('ping'))).body).toEqual({ state: 0 });
    const outside = greenForm();
    const refused = await visitor.send('POST', apiPath('apply', { course: NURSING }), { ...outside, SUBMISSION_ID: randomUUID() });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([403, closed]);
    expect(await intakeOf(outside['EMAIL'])).toEqual([]);

    // Staff work on: an interview invitation (Adult Nursing interviews) made now records the new cycle and its email gives the new start date.
    const after = greenForm();
    const invited = await (
      await as('backoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: NURSING }), {
      ...after,
      SUBMISSION_ID: randomUUID(),
      STATUS: 'I',
      INTERVIEW: { INTERVIEW_DATE: '2025-08-20', INTERVIEW_TIME: '14:30', INTERVIEW_VENUE: 'Room A101' },
    });
    expect(invited.status).toBe(200);
    expect(applyResponseSchema.parse(invited.body).confirmed_status).toBe('I');
    expect(await intakeOf(after['EMAIL'])).toEqual(['2026/27']);
    expect(await deskCycle(admin, applyResponseSchema.parse(invited.body).id)).toBe('2026/27');
    expect(await emailedStart(after['EMAIL'])).toBe('2026-09-22');
  }, 120_000);
});
