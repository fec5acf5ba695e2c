/**
 * Runs a rehearsal plan (plan.ts) against a stack and gathers what the report needs: public
 * applicants replaying the recorded journey (tools/bench/results-day mix.json: page, search,
 * course page, applied check, upload, assessments, submit, status page) with their own course and
 * grades, the school class behind one address (its submissions past the address's budget solve
 * the proof of work, as the browser does), callbacks booked, advisers working the work queue and
 * taking the training scenarios' callers by phone through the staff API, and one service killed
 * (SIGKILL) mid-run and restarted by the launcher. Returns the report's data (report-data.ts) and
 * the workload (plan.ts workloadOf).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname, loadavg, cpus } from 'node:os';
import path from 'node:path';
import {
  apiPath,
  addCalendarDays,
  CALLBACK_SHIFT_HOURS,
  londonCalendarDate,
  FORM_PROOF_HEADER,
  FORM_START_HEADER,
  formProofRequiredSchema,
  type Scenario,
} from '@clearing-desk/contracts';
import { createApplicationForm, createSampleDocument } from '@clearing-desk/contracts/testing';
import { caughtEmails, DEMO_DIRECTORY, REPO_ROOT, SERVICES, type Stack } from '@clearing-desk/stack';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Client } from 'pg';
import { Pool } from 'undici';
import { type PlannedApplicant, type PlannedCall, type RehearsalPlan, workloadOf, type Workload } from './plan';
import { failed, Person, type Sample } from './http';
import { buildReport, type Observations } from './observations';
import type { ReportDataInput } from './report-data';

/** The recording of tools/bench/results-day (record.ts): its steps, in order (mix.ts there describes them). */
const mix = JSON.parse(readFileSync(path.join(REPO_ROOT, 'tools/bench/results-day/mix.json'), 'utf8')) as {
  steps: { method: string; path: string; json?: unknown }[];
};
/** The recorded submission (the last POST /api/apply/G400 of the mix): the form every applicant starts from. */
const RECORDED_FORM = (mix.steps.find((s) => s.method === 'POST' && /^\/api\/apply\/G400$/.test(s.path))!.json as { data: Record<string, unknown> }).data;

/** Where the run goes: a stack this process started (a test stack) or a running one. */
export type Target = {
  gatewayUrl: string;
  /** applications-svc's database (counting stored submissions). */
  applicationsDatabaseUrl: string;
  /** The mail catcher's web inbox, when there is one. */
  mailInboxUrl: string | null;
  /** The pid of a service's process now (the fault kills it); undefined when it cannot be found. */
  pidOf: (service: keyof typeof SERVICES) => number | undefined;
  /** The service's base URL (its /readyz says when it is back). */
  serviceUrl: (service: keyof typeof SERVICES) => string;
};

/** A target from a stack startStack started. */
export const stackTarget = (stack: Stack): Target => ({
  gatewayUrl: stack.gatewayUrl,
  applicationsDatabaseUrl: stack.databaseUrls.applications!,
  mailInboxUrl: stack.mailInboxUrl,
  pidOf: (s) => stack.pid(s),
  serviceUrl: (s) => stack.urls[s]!,
});

/**
 * A running stack on its fixed ports (`npm start`): a service's pid is the process listening on
 * its port (`ss`), its URL 127.0.0.1 on that port.
 */
export const runningTarget = (gatewayUrl: string, applicationsDatabaseUrl: string, mailInboxUrl: string | null): Target => ({
  gatewayUrl,
  applicationsDatabaseUrl,
  mailInboxUrl,
  pidOf: (s) => {
    try {
      const out = execFileSync('ss', ['-Hltnp', `sport = :${SERVICES[s].port}`]).toString();
      const pid = /pid=(\d+)/.exec(out)?.[1];
      return pid ? Number(pid) : undefined;
    } catch {
      return undefined;
    }
  },
  serviceUrl: (s) => `http://127.0.0.1:${SERVICES[s].port}`,
});

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Staff accounts of the demo directory the advisers sign in as, in turn (Back Office roles may decide). */
const ADVISER_ACCOUNTS = ['backoffice', 'bolimited', 'admin'];
/** The status an adviser chooses by the assessment's light, the first among the buttons shown (an interview needs a date: not chosen). */
const SUGGESTED: Record<string, string[]> = { G: ['O', 'R', 'S'], A: ['R', 'P', 'S'], R: ['X', 'R', 'S'] };

/** A person's pace through the form: ms before each step (the recorded order; the form-start is fetched when the form opens). */
const HUMAN_GAPS_MS: Record<string, number> = {
  page: 0,
  authUser: 400,
  clearingStatus: 100,
  search: 3_000,
  searchQuery: 5_000,
  course: 12_000,
  applied: 15_000,
  formStart: 500,
  upload: 40_000,
  assess: 25_000,
  apply: 10_000,
  review: 1_000,
  callback: 8_000,
};

type Ack = { submissionId: string; email: string; course: string; at: number; who: 'public' | 'adviser'; status: string };

/** Runs the plan against `target`; resolves with the report's data once every person is done and the emails have drained. */
export async function runRehearsal(
  plan: RehearsalPlan,
  target: Target,
  scenarios: readonly Scenario[],
  log: (line: string) => void = console.log,
): Promise<{ report: ReportDataInput; workload: Workload }> {
  const samples: Sample[] = [];
  const pool = new Pool(target.gatewayUrl, { connections: 128, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const obs: Observations = {
    plan,
    samples,
    acks: [],
    submitted: new Set(),
    claims: [],
    bookings: [],
    calledAt: new Map(),
    figures: [],
    emails: [],
    fault: null,
    notes: [],
    startedAt: 0,
    endedAt: 0,
    loadStart: loadavg() as [number, number, number],
    loadEnd: [0, 0, 0],
    stored: { ids: new Set(), duplicatePeople: [] },
    abandoned: 0,
    proofsSolved: 0,
  };
  const forms = new Map<string, Record<string, unknown>>(); // email -> form sent
  const scenarioById = new Map(scenarios.map((s) => [s.SCENARIO_ID, s]));
  try {
    const admin = await signIn(pool, samples, 'admin');
    await setUp(admin, plan, obs, log);
    const t0 = Date.now() + 1_000;
    obs.startedAt = t0;
    const end = t0 + plan.options.durationSeconds * 1000;
    log(
      `[rehearsal] load from ${new Date(t0).toISOString()} for ${plan.options.durationSeconds} s: ${plan.applicants.length} applicants (${plan.options.classSize} in one class), ${plan.advisers.length} advisers, ${plan.fault.service}-svc killed at ${(plan.fault.atMs / 1000).toFixed(0)} s`,
    );

    const people = plan.applicants.map(async (a) => {
      await sleepUntil(t0 + a.atMs);
      await applicant(pool, samples, a, obs, forms);
    });
    const advisers = plan.advisers.map(async (adv, i) => {
      const me = await signIn(pool, samples, ADVISER_ACCOUNTS[i % ADVISER_ACCOUNTS.length]!);
      await sleepUntil(t0 + adv.startMs);
      for (const call of adv.calls) {
        if (Date.now() >= end) break;
        await adviserCall(me, call, obs, forms, scenarioById, end);
      }
    });
    const fault = injectFault(plan, target, t0, obs, log);
    const figures = pollFigures(admin, plan, obs, end);
    const emails = pollEmails(target, obs);
    await Promise.all([...people, ...advisers, fault, figures]);
    // The figures once everyone is done: the offers of the last submissions count too.
    await pollFigures(admin, plan, obs, 0);
    obs.endedAt = Date.now();
    // The emails of the last decisions: wait until every acknowledged decision's address has one, or 60 s.
    await emails;
    await countStored(target, obs);
    obs.loadEnd = loadavg() as [number, number, number];
  } finally {
    await pool.close();
  }
  return { report: buildReport(obs, { host: hostname(), commit: commitOf(), cpus: cpus().length }), workload: workloadOf(plan) };
}

function commitOf(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** A staff member signed in through the gateway (GET ping for the XSRF cookie, then the directory sign-in). */
async function signIn(pool: Pool, samples: Sample[], username: string): Promise<Person> {
  const me = new Person(pool, samples, 'adviser', null);
  await me.send('GET', apiPath('ping'));
  const body = Buffer.from(new URLSearchParams({ username, password: DEMO_DIRECTORY.password, token: me.token }).toString());
  const res = await me.send('PUT', apiPath('authLogin'), body, { 'content-type': 'application/x-www-form-urlencoded' });
  if (res.status !== 200) throw new Error(`signing in ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return me;
}

/** Course control (the plan's Clearing places, allowance 1) and advisers on shift for callbacks in every hour of the next days. */
async function setUp(admin: Person, plan: RehearsalPlan, obs: Observations, log: (line: string) => void) {
  // A course the places ledger has not counted yet answers 409 for a moment after the stack starts: ask again.
  const deadline = Date.now() + 120_000;
  for (const c of plan.courses) {
    for (;;) {
      const res = await admin.send('PUT', apiPath('deskCourseUpdate', { id: c.code }), {
        data: { CLEARING_PLACES: c.places, OFFER_ALLOWANCE: 1 },
        token: admin.token,
      });
      if (res.status === 200) break;
      if (res.status !== 409 || Date.now() > deadline) {
        obs.notes.push(`Course control of ${c.code} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
        break;
      }
      await sleep(1_000);
    }
  }
  // Advisers on shift in every hour of the coming week (the service keeps the hours its rules allow).
  const today = londonCalendarDate(new Date());
  const advisersOnShift = Math.max(1, plan.advisers.length);
  const rows = Array.from({ length: 7 }, (_, d) => addCalendarDays(today, d)).flatMap((DATE) =>
    CALLBACK_SHIFT_HOURS.map((HOUR) => ({ DATE, HOUR, ADVISERS: advisersOnShift })),
  );
  const saved = await admin.send('PUT', apiPath('deskCallbackCapacityUpdate'), { data: { rows }, token: admin.token });
  if (saved.status !== 200) obs.notes.push(`Callback capacity answered ${saved.status}: ${JSON.stringify(saved.body).slice(0, 200)}`);
  log(`[rehearsal] ${plan.courses.length} courses given places; callbacks: ${rows.length} hours with ${Math.max(1, plan.advisers.length)} advisers`);
}

/** The form an applicant sends: the recorded one with their name, e-mail, grades and a SUBMISSION_ID. */
function formOf(a: PlannedApplicant, submissionId: string, fileToken: Record<string, unknown> | undefined): Record<string, unknown> {
  const quals = (RECORDED_FORM.QUALIFICATIONS as Record<string, string>[]).map((q, i) => ({ ...q, GRADE: a.grades[i]! }));
  const form: Record<string, unknown> = {
    ...RECORDED_FORM,
    NAME1: a.name[0],
    NAME2: a.name[1],
    EMAIL: a.email,
    QUALIFICATIONS: quals,
    SUBMISSION_ID: submissionId,
  };
  if (fileToken) form.ALEVELS_DOCUMENT_1 = fileToken;
  else delete form.ALEVELS_DOCUMENT_1;
  return form;
}

/** A multipart upload of a small PDF, unique per applicant so clamd's cache does not flatter it. */
function uploadBody(n: number): { body: Buffer; contentType: string } {
  const boundary = `----Rehearsal${n}`;
  const pdf = Buffer.concat([Buffer.from(createSampleDocument('pdf')), Buffer.from(`%${randomUUID()}\n`)]);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nALEVELS\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="results.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One public applicant's visit: the recorded journey on their course, then a callback when the plan says so. */
async function applicant(pool: Pool, samples: Sample[], a: PlannedApplicant, obs: Observations, forms: Map<string, Record<string, unknown>>) {
  const me = new Person(pool, samples, 'public', a.address);
  const think = async (step: keyof typeof HUMAN_GAPS_MS) => sleep(HUMAN_GAPS_MS[step]! * obs.plan.options.think);
  const stamp = () => `_=${Date.now()}`;
  const ok = (s: number | 'network') => s === 200;
  await me.send('GET', '/apply');
  await think('authUser');
  await me.send('GET', `${apiPath('authUser')}?${stamp()}`);
  await think('clearingStatus');
  await me.send('GET', `${apiPath('clearingStatus')}?${stamp()}`);
  await think('search');
  await me.send('GET', `${apiPath('courseSearch')}?p=1&${stamp()}`);
  await think('searchQuery');
  if (!ok((await me.send('GET', `${apiPath('courseSearch')}?q=${encodeURIComponent(a.search)}&p=1&${stamp()}`)).status)) return void (obs.abandoned += 1);
  await think('course');
  if (!ok((await me.send('GET', `${apiPath('course', { id: a.course })}?${stamp()}`)).status)) return void (obs.abandoned += 1);
  await think('applied');
  await me.send('GET', `${apiPath('applied', { ucasCode: a.course })}?email=${encodeURIComponent(a.email)}&${stamp()}`);
  await think('formStart');
  const started = await me.send('GET', `${apiPath('formStart')}?${stamp()}`);
  const startToken = (started.body as { token?: string } | null)?.token ?? '';
  await think('upload');
  const upload = uploadBody(a.n);
  const uploaded = await me.send('POST', apiPath('fileUpload'), upload.body, { 'content-type': upload.contentType });
  // Without the document (files-svc down) the applicant goes on: the form allows sending it later.
  const fileToken = uploaded.status === 200 ? (uploaded.body as Record<string, unknown>) : undefined;
  const submissionId = randomUUID();
  const document = fileToken && {
    ...(RECORDED_FORM.ALEVELS_DOCUMENT_1 as object),
    file_id: randomUUID(),
    file_size: upload.body.length,
    file_token: fileToken.token,
  };
  const form = formOf(a, submissionId, document);
  for (let i = 0; i < 3; i++) {
    await think('assess');
    await me.send('POST', apiPath('assess', { course: a.course }), { data: form, token: me.token });
  }
  await think('apply');
  const answer = await submit(me, a.course, form, startToken, obs, 'public');
  if (!answer) return void (obs.abandoned += 1);
  forms.set(a.email, form);
  await think('review');
  await me.send('GET', `${apiPath('application', { hash: answer.hash })}?${stamp()}`);
  if (a.callbackSlot === null) return;
  await think('callback');
  const slots = await me.send('GET', `${apiPath('callbackSlots', { hash: answer.hash })}?${stamp()}`);
  const free = (slots.body as { slots?: { START: string; END: string }[] } | null)?.slots ?? [];
  const slot = free[Math.min(a.callbackSlot, free.length - 1)];
  if (!slot) return;
  const booked = await me.send('PUT', apiPath('callbackBook', { hash: answer.hash }), { data: { START: slot.START }, token: me.token });
  if (booked.status === 200) obs.bookings.push({ appId: answer.appId, email: a.email, start: Date.parse(slot.START), end: Date.parse(slot.END) });
}

/**
 * Sends a submission as the web app's Submit button does: with the form-start token; a 428 is
 * answered with the proof of work solved (altcha-lib); a 5xx or no answer is sent again with the
 * same SUBMISSION_ID every second for up to 60 s; a 4xx is final. Resolves with the stored
 * application's hash and id, or null. A 429 (the address's limit) is sent again after its
 * Retry-After, for up to three minutes.
 */
async function submit(
  me: Person,
  course: string,
  form: Record<string, unknown>,
  startToken: string,
  obs: Observations,
  who: 'public' | 'adviser',
): Promise<{ hash: string; appId: string; status: string } | null> {
  const submissionId = String(form.SUBMISSION_ID);
  const pathOf = who === 'public' ? apiPath('apply', { course }) : apiPath('deskApplicationCreate', { student: 'new', course });
  const headers: Record<string, string> = who === 'public' ? { [FORM_START_HEADER]: startToken } : {};
  const first = Date.now();
  obs.submitted.add(submissionId);
  for (;;) {
    const res = await me.send('POST', pathOf, { data: form, token: me.token }, headers);
    if (res.status === 428) {
      const { challenge } = formProofRequiredSchema.parse(res.body);
      const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
      if (!solution) return null;
      obs.proofsSolved += 1;
      headers[FORM_PROOF_HEADER] = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      continue;
    }
    if (res.status === 429 && Date.now() - first < 180_000) {
      // Too many from this address (the school class pressing Submit again): wait as the message says, then send again.
      const retryAfter = Number(res.headers['retry-after'] ?? 5);
      await sleep(Math.min(60, Number.isFinite(retryAfter) ? retryAfter : 5) * 1000);
      continue;
    }
    if (res.status === 200) {
      const body = res.body as { hash: string; app_id: string; confirmed_status: string };
      obs.acks.push({ submissionId, email: String(form.EMAIL), course, at: Date.now(), who, status: body.confirmed_status });
      return { hash: body.hash, appId: body.app_id, status: body.confirmed_status };
    }
    if (!failed(res.status) || Date.now() - first > 60_000) {
      if (!obs.notes.some((n) => n.startsWith(`${who} submit ${res.status}`)))
        obs.notes.push(`${who} submit ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      return null;
    }
    await sleep(1_000);
  }
}

/** The status an adviser chooses for `form` on `course`: the staff assessment's suggestion among its buttons. */
async function chooseStatus(me: Person, course: string, form: Record<string, unknown>): Promise<string | null> {
  const res = await me.send('POST', apiPath('assess', { course }), { data: form, token: me.token });
  if (res.status !== 200) return null;
  const result = (res.body as { result: { TRAFFIC_LIGHT: string; SUBMISSION_OPTIONS: { BUTTONS: { STATUS: string }[] } } }).result;
  const buttons = result.SUBMISSION_OPTIONS.BUTTONS.map((b) => b.STATUS);
  return (SUGGESTED[result.TRAFFIC_LIGHT] ?? []).find((s) => buttons.includes(s)) ?? buttons.find((s) => s !== 'I') ?? null;
}

/** The training scenario's caller as the form an adviser fills on the phone. */
function scenarioForm(s: Scenario, email: string, ucasId: string): Record<string, unknown> {
  return createApplicationForm({
    NAME1: s.NAME1,
    NAME2: s.NAME2,
    DOB: s.DOB,
    NATIONALITY: s.NATIONALITY,
    EMAIL: email,
    TEL1: s.TEL1,
    APPLIED_TO_UCAS: s.UCAS_PERSONAL_ID ? '1' : '0',
    // The caller's own UCAS Personal ID (the scenario's is shared by every caller of it; one ID applies once a course).
    UCAS_PERSONAL_ID: s.UCAS_PERSONAL_ID ? ucasId : '',
    SECOND_YEAR_ENTRY: s.SECOND_YEAR_ENTRY,
    GCSE_QUALIFICATIONS: s.GCSE_QUALIFICATIONS,
    QUALIFICATIONS: s.QUALIFICATIONS,
    SUBMISSION_ID: randomUUID(),
  });
}

/** One piece of an adviser's shift (plan.ts PlannedCall), at the plan's think time. */
async function adviserCall(
  me: Person,
  call: PlannedCall,
  obs: Observations,
  forms: Map<string, Record<string, unknown>>,
  scenarios: Map<string, Scenario>,
  end: number,
) {
  if (call.kind === 'phone-application') {
    const scenario = scenarios.get(call.scenarioId)!;
    const form = scenarioForm(scenario, call.email, call.ucasId);
    // The call: the caller answers the adviser's questions while the form is filled.
    await sleep(Math.min(call.thinkMs, Math.max(0, end - Date.now())));
    const status = await chooseStatus(me, call.course, form);
    if (!status) return;
    const saved = await submit(me, call.course, { ...form, STATUS: status }, '', obs, 'adviser');
    if (saved) forms.set(call.email, { ...form, STATUS: status });
    return;
  }
  const next = await me.send('POST', apiPath('deskQueueNext'), { data: {}, token: me.token });
  const item = (next.body as { item?: { kind: string; due_at: string; STUDENT_ID: string; APPLICATION_ID: string; UCAS_CODE: string } | null } | null)?.item;
  if (!item) {
    // Nothing waiting: a short look at the screen before asking again.
    await sleep(Math.min(call.thinkMs / 4, Math.max(0, end - Date.now())));
    return;
  }
  const claimedAt = Date.now();
  const params = { student: item.STUDENT_ID, course: item.UCAS_CODE };
  const detail = await me.send('GET', `${apiPath('deskApplication', params)}?_=${Date.now()}`);
  const data = (detail.body as { applicationData?: Record<string, unknown> } | null)?.applicationData;
  // A lapsing offer or a referral is ordered by its deadline, still ahead: it has waited since its decision was acknowledged.
  const decidedAt = obs.acks.filter((a) => a.email === String(data?.EMAIL) && a.course === item.UCAS_CODE && a.at <= claimedAt).at(-1)?.at;
  const dueAt = Date.parse(item.due_at) > claimedAt && decidedAt !== undefined ? decidedAt : Date.parse(item.due_at);
  obs.claims.push({ kind: item.kind, dueAt, claimedAt, appId: item.APPLICATION_ID });
  if (item.kind === 'callback' && !obs.calledAt.has(item.APPLICATION_ID)) obs.calledAt.set(item.APPLICATION_ID, claimedAt);
  await sleep(Math.min(call.thinkMs, Math.max(0, end - Date.now())));
  const form = data ? forms.get(String(data.EMAIL)) : undefined;
  if (call.outcome === 'reached' && form && data?.STATUS === 'S') {
    const status = await chooseStatus(me, item.UCAS_CODE, form);
    if (status && status !== 'S') {
      const res = await me.send('PUT', apiPath('deskApplicationUpdate', params), { data: { ...form, STATUS: status }, token: me.token });
      if (res.status === 200) {
        obs.acks.push({
          submissionId: `decision:${item.APPLICATION_ID}`,
          email: String(data.EMAIL),
          course: item.UCAS_CODE,
          at: Date.now(),
          who: 'adviser',
          status,
        });
        return;
      }
    }
  }
  const outcome = call.outcome === 'reached' ? undefined : call.outcome;
  await me.send('PUT', apiPath('deskOutboundCall', params), {
    data: { ...(outcome ? { CALL_OUTCOME: outcome } : {}), NOTES: outcome ? '' : 'Spoke to the applicant.' },
    token: me.token,
  });
}

/** Kills the planned service with SIGKILL at its time and watches it come back (its /readyz every 200 ms). */
async function injectFault(plan: RehearsalPlan, target: Target, t0: number, obs: Observations, log: (line: string) => void) {
  await sleepUntil(t0 + plan.fault.atMs);
  const pid = target.pidOf(plan.fault.service);
  const injectedAt = Date.now();
  if (!pid) {
    obs.notes.push(`The fault was not injected: no process of ${plan.fault.service}-svc was found.`);
    return;
  }
  process.kill(pid, 'SIGKILL');
  log(`[rehearsal] ${((injectedAt - t0) / 1000).toFixed(1)} s: ${plan.fault.service}-svc (pid ${pid}) killed with SIGKILL`);
  obs.fault = { service: plan.fault.service, pid, injectedAt, clearedAt: null };
  const url = target.serviceUrl(plan.fault.service);
  while (Date.now() < injectedAt + 180_000) {
    await sleep(200);
    const up = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      obs.fault.clearedAt = Date.now();
      log(`[rehearsal] ${((obs.fault.clearedAt - t0) / 1000).toFixed(1)} s: ${plan.fault.service}-svc ready again`);
      return;
    }
  }
}

/** The figures screen's data every 10 s (places, offers, the time-to-full forecast) until `end` (ms; 0: once). */
async function pollFigures(admin: Person, plan: RehearsalPlan, obs: Observations, end: number) {
  const codes = new Set(plan.courses.map((c) => c.code));
  for (;;) {
    const res = await admin.send('GET', `${apiPath('figures')}?_=${Date.now()}`);
    if (res.status === 200) {
      const rows = (
        res.body as {
          courses: {
            UCAS_CODE: string;
            COURSE_TITLE: string;
            CLEARING_PLACES: number;
            OFFERS_COUNTING: number;
            VACANCIES_INTERNAL: number;
            MINUTES_TO_FULL: number | null;
          }[];
        }
      ).courses;
      obs.figures.push({ at: Date.now(), rows: rows.filter((r) => codes.has(r.UCAS_CODE)) });
    }
    if (Date.now() >= end) return;
    await sleep(Math.min(10_000, Math.max(0, end - Date.now())));
  }
}

/**
 * The mail catcher's inbox every 2 s until every acknowledged decision has its email or a minute
 * after the load: each message's Date header (when notifications-svc sent it), else when first seen.
 */
async function pollEmails(target: Target, obs: Observations) {
  if (!target.mailInboxUrl) {
    obs.notes.push('No mail catcher: emails were not counted.');
    return;
  }
  const seen = new Map<string, { to: string; at: number; subject: string }>();
  for (;;) {
    try {
      for (const e of await caughtEmails(target.mailInboxUrl)) {
        if (!seen.has(e.id))
          seen.set(e.id, { to: e.to[0]?.address ?? '', at: e.date ? Math.min(Date.now(), Date.parse(e.date)) : Date.now(), subject: e.subject });
      }
    } catch {
      // the catcher is busy: ask again
    }
    obs.emails = [...seen.values()];
    const done = obs.endedAt > 0 && obs.acks.every((a) => seen.size > 0 && [...seen.values()].some((e) => e.to === a.email && e.at >= a.at - 2_000));
    if (done || (obs.endedAt > 0 && Date.now() > obs.endedAt + 60_000)) return;
    await sleep(2_000);
  }
}

/** Rows stored in applications-svc's database for the submissions sent, and people stored twice for one course. */
async function countStored(target: Target, obs: Observations) {
  const db = new Client({ connectionString: target.applicationsDatabaseUrl });
  await db.connect();
  try {
    const ids = [...obs.submitted];
    const stored = await db.query<{ submission_id: string }>('SELECT submission_id FROM applications WHERE submission_id = ANY($1::uuid[])', [ids]);
    obs.stored.ids = new Set(stored.rows.map((r) => r.submission_id));
    obs.stored.rowCount = stored.rowCount ?? 0;
    const twice = await db.query<{ email_normalised: string; ucas_code: string }>(
      `SELECT email_normalised, ucas_code FROM applications WHERE email_normalised LIKE $1 GROUP BY email_normalised, ucas_code HAVING count(*) > 1`,
      [`rehearsal.s${obs.plan.options.seed}.%`],
    );
    obs.stored.duplicatePeople = twice.rows.map((r) => `${r.email_normalised} ${r.ucas_code}`);
  } finally {
    await db.end();
  }
}
export type { Ack };
