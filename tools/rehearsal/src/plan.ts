/**
 * The workload of a rehearsal, generated up front from one seed (pure-rand's xoroshiro128+): the
 * public applicants (when each arrives, their course, grades, whether they are in the school class
 * behind one address, whether they book a callback), the advisers' calls (the training scenarios'
 * callers phoning in, queue work, outbound-call outcomes, think times) and the fault (which
 * service is killed and when). Nothing here reads the clock or the stack: the same options give
 * the same plan, so two runs with one seed send the same people and calls (docs/rehearsal.md).
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { CALL_OUTCOME_OPTIONS, type Scenario } from '@clearing-desk/contracts';

/** What shapes the plan (the command's options, docs/rehearsal.md). */
export type PlanOptions = {
  seed: number;
  /** Length of the whole load in seconds (every leg together). */
  durationSeconds: number;
  /** Public applicants arriving per minute at the peak of the 1x curve. */
  peakPerMinute: number;
  /** The legs, as multiples of the peak, run one after the other ([1, 3]: the expected day, then three times it). */
  multiples: number[];
  /** Pupils of the school class sending from one address (X-Forwarded-For). */
  classSize: number;
  /** Synthetic advisers working the queue through the staff API. */
  advisers: number;
  /** Scales every think time (1: a person's pace; tests may shorten it). */
  think: number;
};

/** Services the fault may kill (the gateway is the one door and is restarted the same way, but then nothing is measured). */
export const FAULT_SERVICES = ['applications', 'courses', 'assessment', 'files', 'notifications'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

/** A-level grade profiles of the public applicants, with their weight in 100. */
const GRADE_PROFILES = [
  { grades: ['A*', 'A', 'A'], weight: 25 },
  { grades: ['A', 'A', 'B'], weight: 25 },
  { grades: ['B', 'B', 'C'], weight: 25 },
  { grades: ['C', 'D', 'D'], weight: 15 },
  { grades: ['D', 'E', 'E'], weight: 10 },
] as const;

export type PlannedApplicant = {
  /** Applicant number in arrival order (0-based). */
  n: number;
  /** Milliseconds after the load's start when they open the site. */
  atMs: number;
  /** The leg (index into multiples) they arrive in. */
  leg: number;
  /** The client address the gateway sees (X-Forwarded-For); the school class shares one. */
  address: string;
  inClass: boolean;
  /** Given and family names (letters only: the form refuses digits). */
  name: [string, string];
  email: string;
  course: string;
  /** What they type in the search box before opening the course. */
  search: string;
  /** A-level grades in Mathematics, Physics and Computer Science. */
  grades: [string, string, string];
  /** Books the first free callback slot after submitting (index of the slot among the first three free). */
  callbackSlot: number | null;
};

/** One piece of an adviser's shift. */
export type PlannedCall =
  | {
      kind: 'phone-application';
      /** Milliseconds the adviser spends on the call before saving (the caller talking, the form being filled). */
      thinkMs: number;
      /** The training scenario whose caller phones (apps/scenarios-svc demo scenarios). */
      scenarioId: string;
      course: string;
      email: string;
      /** A UCAS Personal ID of this caller's own (10 digits), used when the scenario's caller has one. */
      ucasId: string;
    }
  | {
      kind: 'queue';
      thinkMs: number;
      /** The outcome of the outbound call if the applicant is phoned: reached (a decision), or one of the unsuccessful outcomes. */
      outcome: 'reached' | (typeof CALL_OUTCOME_OPTIONS)[number];
    };

export type PlannedAdviser = { username: string; startMs: number; calls: PlannedCall[] };

export type PlannedFault = { service: FaultService; atMs: number };

/** The whole workload. */
export type RehearsalPlan = {
  options: PlanOptions;
  /** Per leg: its multiple and its window (ms from the load's start). */
  legs: { multiple: number; startMs: number; endMs: number; peakPerMinute: number }[];
  /** Courses applicants apply to, with the Clearing places the rehearsal gives each. */
  courses: { code: string; places: number; weight: number }[];
  /** The school class's one address. */
  classAddress: string;
  applicants: PlannedApplicant[];
  advisers: PlannedAdviser[];
  fault: PlannedFault;
};

/**
 * The results-day arrival curve over one leg, as a fraction of its peak at `x` (0..1 of the leg):
 * results are out at the leg's start, visitors climb to the peak in the first fifth (the morning
 * rush after 08:00), hold it, then ease to 40 % (the afternoon).
 */
export function resultsDayCurve(x: number): number {
  if (x < 0 || x > 1) return 0;
  if (x < 0.2) return 0.15 + 0.85 * (x / 0.2);
  if (x < 0.45) return 1;
  return 1 - 0.6 * ((x - 0.45) / 0.55);
}

/** Deterministic draws from one xoroshiro128+ generator (pure-rand; mutated in place). */
class Draws {
  constructor(private readonly rng: RandomGenerator) {}
  int(from: number, to: number): number {
    return uniformInt(this.rng, from, to);
  }
  /** A float in [0, 1) with 2^-30 resolution. */
  unit(): number {
    return this.int(0, 2 ** 30 - 1) / 2 ** 30;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  weighted<T extends { weight: number }>(items: readonly T[]): T {
    let left = this.int(0, items.reduce((s, i) => s + i.weight, 0) - 1);
    for (const item of items) {
      left -= item.weight;
      if (left < 0) return item;
    }
    return items[items.length - 1]!;
  }
  /** An exponential wait with this mean (ms). */
  exponential(meanMs: number): number {
    return -meanMs * Math.log(1 - this.unit());
  }
}

const GIVEN = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Freya', 'Arthur', 'Zara', 'Leo', 'Maya', 'Idris', 'Nia', 'Kofi', 'Lena', 'Yusuf'];
/** A family name of letters only, unique per applicant: 'Rehearsal' and the applicant number in letters. */
const lettersOf = (n: number) => {
  let s = '';
  for (let x = n; s.length < 4 || x > 0; x = Math.floor(x / 26)) s = String.fromCharCode(97 + (x % 26)) + s;
  return s;
};

/** Search words per course (what an applicant types): the first word of the course's title, lower case. */
const searchWord = (title: string) => (title.split(/\s+/).find((w) => w.length > 3) ?? title).toLowerCase().replace(/[^a-z]/g, '');

/**
 * The plan of a rehearsal from its options and the training scenarios (their callers phone the
 * advisers; their courses are the courses the public applies to).
 * @throws when an option is out of range (no leg, a duration under 30 s, a peak of 0)
 */
export function planRehearsal(options: PlanOptions, scenarios: readonly Scenario[]): RehearsalPlan {
  if (options.multiples.length === 0 || options.multiples.some((m) => !(m > 0))) throw new Error('multiples: one or more positive numbers');
  if (!(options.durationSeconds >= 30)) throw new Error('duration: at least 30 seconds');
  if (!(options.peakPerMinute > 0)) throw new Error('peak: more than 0 applicants a minute');
  const draws = new Draws(xoroshiro128plus(options.seed));
  const totalMs = options.durationSeconds * 1000;
  const legMs = totalMs / options.multiples.length;
  const legs = options.multiples.map((multiple, i) => ({
    multiple,
    startMs: Math.round(i * legMs),
    endMs: Math.round((i + 1) * legMs),
    peakPerMinute: options.peakPerMinute * multiple,
  }));

  // Courses: those of the scenarios that take first-year applicants, popular ones weighted by how many scenarios they have.
  const byCode = new Map<string, { code: string; title: string; count: number }>();
  for (const s of scenarios) {
    const c = byCode.get(s.UCAS_CODE) ?? { code: s.UCAS_CODE, title: s.COURSE_TITLE, count: 0 };
    c.count += 1;
    byCode.set(s.UCAS_CODE, c);
  }
  const expected = legs.reduce((sum, l) => sum + (l.peakPerMinute * (l.endMs - l.startMs)) / 60_000, 0) * 0.7;
  const courses = [...byCode.values()]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c) => ({
      code: c.code,
      title: c.title,
      weight: c.count * 10,
      // Few places, so that popular courses fill during the run and the forecast can be judged.
      places: Math.max(2, Math.round((expected * c.count) / scenarios.length / (1.5 + draws.unit()))),
    }));

  // Arrivals: a non-homogeneous Poisson process under each leg's curve (thinning).
  const classAddress = `192.0.2.${draws.int(1, 254)}`;
  const applicants: PlannedApplicant[] = [];
  for (const [legIndex, leg] of legs.entries()) {
    const peakPerMs = leg.peakPerMinute / 60_000;
    for (let t = leg.startMs; ;) {
      t += draws.exponential(1 / peakPerMs);
      if (t >= leg.endMs) break;
      if (draws.unit() >= resultsDayCurve((t - leg.startMs) / (leg.endMs - leg.startMs))) continue;
      applicants.push(plannedApplicant(draws, applicants.length, Math.round(t), legIndex, courses, scenarios));
    }
  }
  // The school class: pupils arriving together in the first leg's rush (a teacher's 'now apply'), one address.
  const classStart = Math.round(legs[0]!.startMs + (legs[0]!.endMs - legs[0]!.startMs) * 0.25);
  for (let i = 0; i < options.classSize; i++) {
    const pupil = plannedApplicant(draws, 0, classStart + draws.int(0, 20_000), 0, courses, scenarios);
    applicants.push({ ...pupil, inClass: true, address: classAddress });
  }
  applicants.sort((a, b) => a.atMs - b.atMs);
  for (const [i, a] of applicants.entries()) {
    a.n = i;
    a.name = [a.name[0], `Rehearsal${lettersOf(i)}`];
    a.email = `rehearsal.s${options.seed}.a${i}@example.com`;
    if (!a.inClass) a.address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  }

  // Advisers: each works a shift of calls with a person's think times (a call takes one to three minutes).
  const advisers: PlannedAdviser[] = [];
  let callerIndex = 0;
  for (let a = 0; a < options.advisers; a++) {
    const calls: PlannedCall[] = [];
    let at = draws.int(5_000, 20_000);
    const startMs = at;
    while (at < totalMs) {
      const thinkMs = Math.round(options.think * draws.int(45_000, 150_000));
      if (draws.unit() < 0.35) {
        const scenario = scenarios[draws.int(0, scenarios.length - 1)]!;
        calls.push({
          kind: 'phone-application',
          thinkMs,
          scenarioId: scenario.SCENARIO_ID,
          course: scenario.UCAS_CODE,
          email: `rehearsal.s${options.seed}.c${callerIndex}@example.com`,
          ucasId: String(7_000_000_000 + (options.seed % 1000) * 1000 + callerIndex),
        });
        callerIndex += 1;
      } else {
        const r = draws.unit();
        calls.push({ kind: 'queue', thinkMs, outcome: r < 0.7 ? 'reached' : draws.pick(CALL_OUTCOME_OPTIONS) });
      }
      at += thinkMs + Math.round(options.think * draws.int(5_000, 20_000));
    }
    advisers.push({ username: 'backoffice', startMs, calls });
  }

  // The fault: one service killed in the middle fifth of the run.
  const fault: PlannedFault = { service: draws.pick(FAULT_SERVICES), atMs: Math.round(totalMs * (0.4 + 0.2 * draws.unit())) };
  // Only the plan's own options (a caller's object may carry the command's others: --out, --url).
  const { seed, durationSeconds, peakPerMinute, multiples, classSize, think } = options;
  const own: PlanOptions = { seed, durationSeconds, peakPerMinute, multiples, classSize, advisers: options.advisers, think };
  return { options: own, legs, courses: courses.map(({ code, places, weight }) => ({ code, places, weight })), classAddress, applicants, advisers, fault };
}

function plannedApplicant(
  draws: Draws,
  n: number,
  atMs: number,
  leg: number,
  courses: readonly { code: string; title: string; weight: number }[],
  _scenarios: readonly Scenario[],
): PlannedApplicant {
  const course = draws.weighted(courses);
  const profile = draws.weighted(GRADE_PROFILES);
  const books = draws.unit() < 0.15;
  return {
    n,
    atMs,
    leg,
    address: '',
    inClass: false,
    name: [draws.pick(GIVEN), ''],
    email: '',
    course: course.code,
    search: searchWord(course.title),
    grades: [...profile.grades] as [string, string, string],
    callbackSlot: books ? draws.int(0, 2) : null,
  };
}

/**
 * What the report's `workload` section holds of a plan: everything the run sends, by seed, and no
 * figure of the run itself; two runs with one seed write equal workloads.
 */
export function workloadOf(plan: RehearsalPlan) {
  return {
    seed: plan.options.seed,
    options: plan.options,
    legs: plan.legs,
    courses: plan.courses,
    classAddress: plan.classAddress,
    applicants: plan.applicants.map((a) => ({
      n: a.n,
      atMs: a.atMs,
      course: a.course,
      grades: a.grades.join(''),
      inClass: a.inClass,
      callbackSlot: a.callbackSlot,
      email: a.email,
    })),
    calls: plan.advisers.flatMap((adv, i) => adv.calls.map((c) => ({ adviser: i, ...c }))),
    fault: plan.fault,
  };
}
export type Workload = ReturnType<typeof workloadOf>;
