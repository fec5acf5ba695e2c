import { randomUUID } from 'node:crypto';
import {
  apiPath,
  type ApplicationStatus,
  type ApplyResponse,
  type AssessForm,
  applyResponseSchema,
  appliedResponseSchema,
  assessResponseSchema,
  toAssessForm,
} from '@clearing-desk/contracts';
import { createApplicationForm, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * Every cell of the status rules through the gateway (role x current status x
 * requested status, V, S and W included), against an oracle written here from the words of spec
 * sections 4 and 6 and domain.md "Submit buttons" (not from the contracts' rule it checks).
 * Nothing allowed is stored: an update goes with a stale If-Match, so a save both the gateway and
 * applications-svc allow ends in 409 VERSION_CONFLICT; a create repeats a stored person, so one
 * they allow ends in 409 DUPLICATE. A refusal is 403 with its reason.
 */
const COURSE = 'G400'; // demo catalogue: SCI/CMPS, open, does not interview

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';
/** The staff desk's refusals and conflict, word for word as staff read them. */
const NO_ROLE = 'You have no role on this course.';
const CANNOT_EDIT_PUBLIC = 'Your role on this course cannot edit public submissions.';
const CANNOT_EDIT_ANY = 'Your role on this course cannot edit applications with this status.';
const VERSION_CONFLICT = 'This application was changed by someone else since you opened it. Reload it to see their changes.';
/** The refusal of a status the user may not set, naming the requested status. */
const statusNotAllowed = (status: ApplicationStatus) => `Status ${status} is not one of the statuses you may set for this application.`;

let directory: Directory;
let stack: Stack;
let db: Client;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
  db = new Client({ connectionString: stack.databaseUrls.applications });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

/** The demo users and their role on G400 (spec section 6; fo-law's school is LAW, so none). */
const USERS = {
  admin: 'Administrator',
  backoffice: 'Back Office',
  bolimited: 'Back Office Limited',
  editor: 'Editor',
  frontoffice: 'Front Office',
  visateam: 'Visa Team',
  'fo-law': null,
} as const;
type Username = keyof typeof USERS;

const REQUESTED: ApplicationStatus[] = ['O', 'I', 'S', 'R', 'X', 'P', 'V', 'D', 'W'];
const CURRENT: (ApplicationStatus | null)[] = [null, 'S', 'O', 'I', 'R', 'X', 'P', 'D', 'W'];

/** Spec section 6's permission table. */
const SET_STATUS = new Set(['Administrator', 'Back Office', 'Back Office Limited']);
const EDIT_ANY = new Set(['Administrator', 'Back Office', 'Back Office Limited', 'Editor']);
const EDIT_PUBLIC = new Set(['Administrator', 'Back Office', 'Back Office Limited', 'Editor', 'Front Office']);
/** What the assessment offers set-status staff for the green G400 form below (domain.md: G, no interviews). */
const GREEN_BUTTONS = ['O', 'R'];

const ALLOWED = 'allowed';
/** The oracle: 'allowed' or the 403 message. */
function expected(role: string | null, current: ApplicationStatus | null, requested: ApplicationStatus): string {
  if (role === null) return NO_ROLE;
  const mayEdit = current === null ? EDIT_PUBLIC.has(role) || EDIT_ANY.has(role) : current === 'S' ? EDIT_PUBLIC.has(role) : EDIT_ANY.has(role);
  if (!mayEdit) return current === 'S' ? CANNOT_EDIT_PUBLIC : CANNOT_EDIT_ANY;
  let allowed: boolean;
  if (current === null) {
    // New: the public's Submit without set-status; the assessment's buttons with it. V keeps nothing.
    allowed = SET_STATUS.has(role) ? GREEN_BUTTONS.includes(requested) : requested === 'S';
  } else if (!SET_STATUS.has(role)) {
    // One 'Update' that keeps the current status (V, or the current status itself): never a change.
    allowed = requested === 'V' || requested === current;
  } else {
    // The assessment's buttons, keeping the current status, and Withdraw and Duplicate whatever the light.
    allowed = GREEN_BUTTONS.includes(requested) || requested === 'V' || requested === current || requested === 'W' || requested === 'D';
  }
  return allowed ? ALLOWED : statusNotAllowed(requested);
}

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
let people = 0;
/** A G400 form from a distinct person, assessed green (A*AB, five GCSEs). */
function greenForm(): Record<string, unknown> {
  people += 1;
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    EMAIL: `status.cells.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7300000000 + people),
  };
}

/** A stored application with `status` (taken as R by Back Office, then set in its row: D and I have no button on G400). */
async function storedWith(status: ApplicationStatus): Promise<{ saved: ApplyResponse; data: Record<string, unknown> }> {
  const data = greenForm();
  const res = await (
    await as('backoffice')
  ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), { ...data, SUBMISSION_ID: randomUUID(), STATUS: 'R' });
  expect(res.status).toBe(200);
  const saved = applyResponseSchema.parse(res.body);
  await db.query('update applications set status = $1, sub_status = null where student_id = $2 and ucas_code = $3', [status, saved.id[0], saved.id[1]]);
  return { saved, data };
}

const outcome = (res: { status: number; body: unknown }, allowedConflict: string): string => {
  const message = (res.body as { message?: string }).message ?? '';
  if (res.status === 409 && message === allowedConflict) return ALLOWED;
  return res.status === 403 ? message : `${res.status} ${message}`;
};

describe('every cell of the status rules through the gateway', () => {
  const stored = new Map<ApplicationStatus, { saved: ApplyResponse; data: Record<string, unknown> }>();
  beforeAll(async () => {
    for (const status of CURRENT) if (status !== null) stored.set(status, await storedWith(status));
  }, 60_000);

  const rows = (Object.keys(USERS) as Username[]).flatMap((username) => CURRENT.map((current) => [username, current] as const));

  it.each(rows)('%s on an application whose status is %s', async (username, current) => {
    const client = await as(username);
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const requested of REQUESTED) {
      want[requested] = expected(USERS[username], current, requested);
      if (current === null) {
        // The person of a stored application again: allowed means the duplicate check is reached.
        const person = stored.get('O')!.data;
        const res = await client.send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), {
          ...person,
          SUBMISSION_ID: randomUUID(),
          STATUS: requested,
        });
        got[requested] = outcome(res, SPEC_DUPLICATE);
      } else {
        const { saved, data } = stored.get(current)!;
        const res = await client.putIfMatch(apiPath('deskApplication', { student: saved.id[0], course: saved.id[1] }), { ...data, STATUS: requested }, '"999"');
        got[requested] = outcome(res, VERSION_CONFLICT);
      }
    }
    expect(got).toEqual(want);
  });

  it('stored nothing: every application keeps its status and version', async () => {
    for (const [status, { saved }] of stored) {
      const { rows: found } = await db.query<{ status: string; version: number }>(
        'select status, version from applications where student_id = $1 and ucas_code = $2',
        [saved.id[0], saved.id[1]],
      );
      expect(found).toEqual([{ status, version: 1 }]);
    }
    const { rows: count } = await db.query<{ n: string }>('select count(*)::text as n from applications');
    expect(Number(count[0]?.n)).toBe(stored.size);
  });
});

describe('saves that keep or withdraw', () => {
  const read = async (saved: ApplyResponse) => {
    const { rows } = await db.query<{ status: string; notes: string | null }>(
      "select status, form->>'NOTES' as notes from applications where student_id = $1 and ucas_code = $2",
      [saved.id[0], saved.id[1]],
    );
    return rows[0];
  };

  it('an Editor updates an Offered application’s notes and it stays Offered; Front Office’s Update of a submission stores S, never V', async () => {
    const offered = await storedWith('O');
    const path = apiPath('deskApplication', { student: offered.saved.id[0], course: offered.saved.id[1] });
    const res = await (await as('editor')).send('PUT', path, { ...offered.data, NOTES: 'Called back about accommodation', STATUS: 'V' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ confirmed_status: 'O' });
    expect(await read(offered.saved)).toEqual({ status: 'O', notes: 'Called back about accommodation' });
    const toSubmitted = await (await as('editor')).send('PUT', path, { ...offered.data, STATUS: 'S' });
    expect(toSubmitted).toEqual({ status: 403, body: { message: 'Status S is not one of the statuses you may set for this application.' } });

    const submitted = await storedWith('S');
    const update = await (
      await as('frontoffice')
    ).send('PUT', apiPath('deskApplicationUpdate', { student: submitted.saved.id[0], course: submitted.saved.id[1] }), {
      ...submitted.data,
      NOTES: 'Front office note',
      STATUS: 'V',
    });
    expect(update.status).toBe(200);
    expect(await read(submitted.saved)).toEqual({ status: 'S', notes: 'Front office note' });
  });

  it('lets Back Office withdraw a pooled application (no Withdraw among the assessment’s buttons)', async () => {
    const pooled = await storedWith('P');
    const res = await (
      await as('backoffice')
    ).send('PUT', apiPath('deskApplicationUpdate', { student: pooled.saved.id[0], course: pooled.saved.id[1] }), { ...pooled.data, STATUS: 'W' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ confirmed_status: 'W' });
    expect((await read(pooled.saved))?.status).toBe('W');
  });

  it('offers the Visa Team no button at all (spec section 6: it edits no application), and Front Office Submit', async () => {
    const buttonsFor = async (username: Username) => {
      const res = await (await as(username)).send('POST', apiPath('assess', { course: COURSE }), toAssessForm(greenForm() as AssessForm));
      expect(res.status).toBe(200);
      return assessResponseSchema.parse(res.body).result.SUBMISSION_OPTIONS.BUTTONS;
    };
    expect(await buttonsFor('visateam')).toEqual([]);
    expect(await buttonsFor('frontoffice')).toEqual([{ STATUS: 'S', LABEL: 'Submit' }]);
  });

  it('lets Back Office mark an offered application a duplicate (D): stored as D', async () => {
    const offered = await storedWith('O');
    const res = await (
      await as('backoffice')
    ).send('PUT', apiPath('deskApplicationUpdate', { student: offered.saved.id[0], course: offered.saved.id[1] }), { ...offered.data, STATUS: 'D' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ confirmed_status: 'D' });
    expect((await read(offered.saved))?.status).toBe('D');
  });

  it('lets a withdrawn applicant apply again: the public applied check passes the withdrawn one by, and the new one is stored beside it', async () => {
    const visitor = new StackClient(stack.gatewayUrl);
    await visitor.get(apiPath('ping'));
    const data = greenForm();
    const applied = async () =>
      appliedResponseSchema.parse(
        (await visitor.get(`${apiPath('applied', { ucasCode: COURSE })}?email=${encodeURIComponent(String(data.EMAIL))}&_=${Date.now()}`)).body,
      ).rows;
    const first = await visitor.send('POST', apiPath('apply', { course: COURSE }), { ...data, SUBMISSION_ID: randomUUID() });
    expect(first.status).toBe(200);
    const saved = applyResponseSchema.parse(first.body);
    expect(await applied()).toEqual([{ UCAS_CODE: COURSE }]);
    const withdrawn = await (
      await as('backoffice')
    ).send('PUT', apiPath('deskApplicationUpdate', { student: saved.id[0], course: saved.id[1] }), { ...data, STATUS: 'W' });
    expect(withdrawn).toMatchObject({ status: 200, body: { confirmed_status: 'W' } });
    expect(await applied()).toEqual([]);

    const again = await visitor.send('POST', apiPath('apply', { course: COURSE }), { ...data, SUBMISSION_ID: randomUUID() });
    expect(again.status).toBe(200);
    const second = applyResponseSchema.parse(again.body);
    expect(second.id[0]).toBe(saved.id[0]);
    expect(second.app_id).not.toBe(saved.app_id);
    const { rows } = await db.query<{ application_id: number; status: string }>(
      'select application_id, status from applications where student_id = $1 and ucas_code = $2 order by application_id',
      [saved.id[0], COURSE],
    );
    expect(rows).toEqual([
      { application_id: Number(saved.app_id), status: 'W' },
      { application_id: Number(second.app_id), status: second.confirmed_status },
    ]);
    expect(await applied()).toEqual([{ UCAS_CODE: COURSE }]);
    const third = await visitor.send('POST', apiPath('apply', { course: COURSE }), { ...data, SUBMISSION_ID: randomUUID() });
    expect(third).toEqual({ status: 409, body: { message: SPEC_DUPLICATE } });
  });
});

describe('rejection reasons, which the applicant reads', () => {
  const REASONS_NOT_ALLOWED = 'Your role on this course cannot write rejection reasons: only staff who may set statuses can.';
  const REASONS = [{ MESSAGE: 'Your personal statement does not show an interest in computing.' }];

  it('are refused from Editor and Front Office, on an update and on a create, and nothing is stored', async () => {
    const offered = await storedWith('O');
    const path = apiPath('deskApplicationUpdate', { student: offered.saved.id[0], course: offered.saved.id[1] });
    const byEditor = await (await as('editor')).send('PUT', path, { ...offered.data, STATUS: 'V', REJECTION_REASONS: REASONS });
    expect(byEditor).toEqual({ status: 403, body: { message: REASONS_NOT_ALLOWED } });
    const { rows } = await db.query<{ reasons: unknown }>('select rejection_reasons as reasons from applications where student_id = $1 and ucas_code = $2', [
      offered.saved.id[0],
      offered.saved.id[1],
    ]);
    expect(rows[0]?.reasons).toEqual([]);

    const created = await (
      await as('frontoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), {
      ...greenForm(),
      SUBMISSION_ID: randomUUID(),
      STATUS: 'S',
      REJECTION_REASONS: REASONS,
    });
    expect(created).toEqual({ status: 403, body: { message: REASONS_NOT_ALLOWED } });
  });

  it('are written by Back Office with a rejection', async () => {
    const referred = await storedWith('R');
    const res = await (
      await as('backoffice')
    ).send('PUT', apiPath('deskApplicationUpdate', { student: referred.saved.id[0], course: referred.saved.id[1] }), {
      ...referred.data,
      STATUS: 'W',
      REJECTION_REASONS: REASONS,
    });
    expect(res.status).toBe(200);
  });
});
