/**
 * An adviser's phone call, measured. Starts the real stack on fresh PostgreSQL
 * test databases with the demo catalogue and staff directory (unless --url names a running
 * gateway; the web app must be built: `cd apps/web && npx vite build`), signs the demo Back
 * Office adviser in with Chromium at 1280x800, and takes seven callers from 'course found' (the
 * course's form open) to 'saved' as a mouse-and-keyboard adviser does. Per call it prints:
 * - actions: every click and every key press that is not typing text (a field clicked before
 *   typing into it is one action, none where the form has put focus in it already; a drop-down is
 *   two: open it, choose; a radio is one);
 * - characters typed (what the caller's data needs: names, email, date, telephone, grades' years);
 * - seconds from the form open to 'Saved' (the browser's time, with the stack on this machine);
 * - whether the outcome script was in view after saving, without scrolling ('Saved', the
 *   decision and every paragraph of the script inside the 1280x800 window).
 * The decision pressed is the one the assessment suggests: by the traffic light, Offer (or Invite)
 * for green, Reject for red, Refer for amber and wherever Refer is the only button (under 18,
 * Year 2); never simply the first button.
 * The caller who wants only Year 2 on a course without it ends at the form's guidance ('end the
 * call politely' / Sciences: 'call a supervisor'): nothing is saved, 'in view' is that note's.
 * Targets (printed, never asserted): median actions <= 35; the script in view for every call.
 *
 *   npx tsx tools/bench/adviser-call/adviser-call.ts [--url http://localhost:3000]
 */
import { QUALIFICATION_CATALOGUE, type QualificationCode } from '@clearing-desk/contracts';
import { startDirectory, startStack } from '@clearing-desk/stack';
import { chromium, type Locator, type Page, type Response } from 'playwright';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Results-Day-2025';
const VIEWPORT = { width: 1280, height: 800 };
const TARGET_MEDIAN_ACTIONS = 35;

type Item = { type: QualificationCode; fields: Array<[label: string, value: string]> };
type Caller = {
  label: string;
  course: string;
  name: [string, string];
  /** Day, month, year as the caller says them. */
  dob: [string, string, string];
  nationality: string;
  /** A UCAS Personal ID, or null: not applied through UCAS. */
  ucasId: string | null;
  secondYear?: boolean;
  /** Wants only Year 2 where the course has no second-year entry: the call ends at the guidance. */
  wantsOnlyYear2?: boolean;
  gcses: Array<[subject: string, grade: string]>;
  qualifications: Item[];
};

const FIVE_GCSES: Caller['gcses'] = [
  ['English Language', '6'],
  ['Mathematics', '7'],
  ['Physics', '6'],
  ['Chemistry', '6'],
  ['Biology', '5'],
];
const aLevels = (year: string, grades: Array<[string, string]>): Item[] =>
  grades.map(([subject, grade]) => ({
    type: 'ALEVEL',
    fields: [
      ['Subject', subject],
      ['Grade', grade],
      ['Year', year],
    ],
  }));

/** Seven callers (the Year 2 caller twice: a course without it, one with it). */
const CALLERS: Caller[] = [
  {
    label: 'British A levels to Computer Science (G400)',
    course: 'G400',
    name: ['Oliver', 'Bennett'],
    dob: ['12', '3', '2007'],
    nationality: 'GBR',
    ucasId: '1234567801',
    gcses: FIVE_GCSES,
    qualifications: aLevels('2026', [
      ['Mathematics', 'A*'],
      ['Physics', 'A'],
      ['Computer Science', 'B'],
    ]),
  },
  {
    label: 'Nigerian BBC + IELTS to Business Management (N200)',
    course: 'N200',
    name: ['Chiamaka', 'Eze'],
    dob: ['2', '11', '2006'],
    nationality: 'NGA',
    ucasId: '1234567802',
    gcses: [],
    qualifications: [
      ...aLevels('2026', [
        ['Economics', 'B'],
        ['Mathematics', 'B'],
        ['Business', 'C'],
      ]),
      {
        type: 'ENGLISH_TEST',
        fields: [
          ['Test', 'ielts'],
          ['Score', '6.5'],
          ['Year', '2026'],
        ],
      },
    ],
  },
  {
    label: 'French 17-year-old to Law (M100)',
    course: 'M100',
    name: ['Camille', 'Laurent'],
    dob: ['20', '10', '2009'],
    nationality: 'FRA',
    ucasId: '1234567803',
    gcses: [],
    qualifications: [
      {
        type: 'OTHER',
        fields: [
          ['Title', 'French Baccalaureate'],
          ['Grade', '16'],
          ['Year', '2026'],
        ],
      },
    ],
  },
  {
    label: 'Year 2 only, on a course without it (G400)',
    course: 'G400',
    name: ['Priya', 'Shah'],
    dob: ['5', '6', '2006'],
    nationality: 'GBR',
    ucasId: '1234567804',
    wantsOnlyYear2: true,
    gcses: [],
    qualifications: [],
  },
  {
    label: 'Year 2, on a course with it (G600)',
    course: 'G600',
    name: ['Priya', 'Shah'],
    dob: ['5', '6', '2006'],
    nationality: 'GBR',
    ucasId: '1234567804',
    secondYear: true,
    gcses: FIVE_GCSES,
    qualifications: aLevels('2025', [
      ['Mathematics', 'A'],
      ['Computer Science', 'A'],
      ['Physics', 'B'],
    ]),
  },
  {
    label: 'IB 34 to Business Management (N200)',
    course: 'N200',
    name: ['Lukas', 'Meyer'],
    dob: ['30', '1', '2007'],
    nationality: 'DEU',
    ucasId: '1234567805',
    gcses: [],
    qualifications: [
      {
        type: 'IBO',
        fields: [
          ['IB Total', '34'],
          ['IB Total year', '2026'],
        ],
      },
    ],
  },
  {
    label: 'No UCAS ID, A levels to Computer Science (G400)',
    course: 'G400',
    name: ['Aisha', 'Khan'],
    dob: ['9', '9', '2007'],
    nationality: 'GBR',
    ucasId: null,
    gcses: FIVE_GCSES,
    qualifications: aLevels('2026', [
      ['Mathematics', 'A'],
      ['Physics', 'A'],
      ['Chemistry', 'B'],
    ]),
  },
  {
    label: 'Well below tariff to Computer Science (G400)',
    course: 'G400',
    name: ['Tom', 'Hughes'],
    dob: ['17', '7', '2007'],
    nationality: 'GBR',
    ucasId: '1234567807',
    gcses: FIVE_GCSES.map(([s]) => [s, '4']),
    qualifications: aLevels('2026', [
      ['Mathematics', 'D'],
      ['Physics', 'E'],
      ['Computer Science', 'E'],
    ]),
  },
];

/** The adviser's hands: counts actions and characters as the call goes. */
class Adviser {
  actions = 0;
  characters = 0;
  /** When the adviser last changed an answer (ms since the epoch, this machine's clock). */
  lastChange = 0;
  constructor(readonly page: Page) {}

  async click(target: Locator) {
    this.actions += 1;
    await target.click();
  }
  /** Click into a field (not where the form has put focus already), then type. */
  async type(target: Locator, text: string) {
    if (!(await target.evaluate((el) => el === el.ownerDocument.activeElement))) this.actions += 1;
    this.characters += text.length;
    await target.fill(text);
    this.lastChange = Date.now();
  }
  /** Fills `fields` (label -> value) in order: a text field is typed, a drop-down chosen; empty values are skipped. */
  async fill(scope: Locator | Page, fields: Array<[label: string, value: string]>) {
    for (const [label, value] of fields) {
      if (value === '') continue;
      const target = scope.getByLabel(label, { exact: true });
      if ((await target.evaluate((el) => el.tagName)) === 'SELECT') await this.choose(target, value);
      else await this.type(target, value);
    }
  }
  /** A drop-down: open it, choose. */
  async choose(target: Locator, value: string) {
    this.actions += 2;
    await target.selectOption(value);
    this.lastChange = Date.now();
  }
  async radio(group: Locator, label: string) {
    this.actions += 1;
    await group.getByRole('radio', { name: label, exact: true }).check();
    this.lastChange = Date.now();
  }
}

const unique = `${Date.now()}`.slice(-6);
const emailOf = (caller: Caller) => `${caller.name[0]}.${caller.name[1]}${unique}@example.com`.toLowerCase();

/** Whether the whole element is inside the window as the screen shows it (the adviser scrolls nothing; the app may have). */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= VIEWPORT.height && box.x + box.width <= VIEWPORT.width;
}

/**
 * A group's items, as the adviser enters them: the first item's type button ('Add GCSE', 'Add A
 * Level'; else 'Another type'), the type where it differs, each field not already as the form
 * started it (another item starts with the last one's type and year), then 'Done and add another'
 * between items and 'Done' after the last.
 */
async function fillGroup(adviser: Adviser, page: Page, group: 'Qualification' | 'GCSE qualification', items: Item[]) {
  const first = items[0];
  if (!first) return;
  const addControl = page.getByRole('group', { name: group === 'Qualification' ? 'Add a qualification' : 'Add a GCSE qualification', exact: true });
  const typeButton = addControl.getByRole('button', { name: `Add ${QUALIFICATION_CATALOGUE[first.type].label}`, exact: true });
  await adviser.click((await typeButton.count()) > 0 ? typeButton : addControl.getByRole('button', { name: 'Another type of qualification', exact: true }));
  for (const [i, item] of items.entries()) {
    const editor = page.getByRole('group', { name: new RegExp(`^${group} \\d+$`) }).last();
    const type = editor.getByLabel('Type of qualification');
    if ((await type.inputValue()) !== item.type) await adviser.choose(type, item.type);
    for (const [label, value] of item.fields) {
      const radios = editor.getByRole('group', { name: label, exact: true }).filter({ has: page.getByRole('radio') });
      if ((await radios.count()) > 0) {
        await adviser.radio(radios, value);
        continue;
      }
      // An optional field's label ends '(optional)' (a GCSE's year on some courses, an English test's score).
      const input = editor.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(optional\\))?$`));
      if ((await input.inputValue()) === value) continue;
      if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await adviser.choose(input, value);
      else await adviser.type(input, value);
    }
    const last = i === items.length - 1;
    await adviser.click(editor.getByRole('button', { name: last ? /^Done with/ : /^Done and add another/ }));
  }
}

/**
 * The decision the assessment suggests, by its light (domain.md "Submit buttons" and "Public
 * submissions"): the first of these that is among the buttons shown. Refer is in every list: it is
 * the only button for an under-18 or Year 2 caller.
 */
const SUGGESTED: Record<string, readonly string[]> = { G: ['Offer', 'Invite to interview', 'Refer'], A: ['Refer', 'Pool'], R: ['Reject', 'Refer'] };

/** The form's assessments (POST .../assess): when each request was sent (ms since the epoch) and what it answered. */
type Assessments = Array<{ sent: number; assessment: Promise<{ TRAFFIC_LIGHT: string; SUBMISSION_OPTIONS: { BUTTONS: Array<{ LABEL: string }> } }> }>;

type Result = { label: string; actions: number; characters: number; seconds: number; inView: boolean; outcome: string };

async function takeCall(page: Page, baseUrl: string, caller: Caller): Promise<Result> {
  await page.goto(`${baseUrl}/apply/${caller.course}/personal-details`);
  await page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' }).waitFor();
  const adviser = new Adviser(page);
  // The assessments the form asked for (POST .../assess, debounced after each change): when each was sent, and its answer.
  const assessments: Assessments = [];
  const onResponse = (response: Response) => {
    if (!response.url().endsWith('/assess') || !response.ok()) return;
    assessments.push({ sent: response.request().timing().startTime, assessment: response.json().then((body: { result: never }) => body.result) });
  };
  page.on('response', onResponse);
  try {
    return await takeCallAnswered(page, caller, adviser, assessments);
  } finally {
    page.off('response', onResponse);
  }
}

async function takeCallAnswered(page: Page, caller: Caller, adviser: Adviser, assessments: Assessments): Promise<Result> {
  const started = Date.now();

  await adviser.fill(page, [
    ['Given name', caller.name[0]],
    ['Family name', caller.name[1]],
  ]);
  if (caller.wantsOnlyYear2) {
    // The form carries the guidance for a caller who wants only Year 2 (spec section 4).
    // (Atop the sticky panel beside the form on a desk screen: the copy shown.)
    const note = page.locator('[data-guidance="second-year"]').filter({ visible: true });
    await note.waitFor();
    const seconds = (Date.now() - started) / 1000;
    return {
      label: caller.label,
      actions: adviser.actions,
      characters: adviser.characters,
      seconds,
      inView: await inView(page, note),
      outcome: 'guidance (no save)',
    };
  }
  await adviser.fill(page, [
    ['Email address', emailOf(caller)],
    // One box, day first (the staff form).
    ['Date of birth', caller.dob.join('/')],
    ['Telephone number', `07700 9${unique.slice(-5)}`],
    ['Nationality', caller.nationality],
  ]);
  const question = (name: string) => page.getByRole('group', { name, exact: true });
  await adviser.radio(question('Have you applied to university through UCAS this year?'), caller.ucasId ? 'Yes' : 'No');
  if (caller.ucasId) await adviser.type(page.getByLabel('UCAS Personal ID (optional)'), `${unique}${caller.ucasId.slice(-4)}`);
  await adviser.radio(question('Have you studied at City, University of London before?'), 'No');
  await adviser.radio(question('Have you applied to City, University of London before?'), 'No');
  await adviser.click(page.getByRole('button', { name: 'Next' }));

  await page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' }).waitFor();
  if (caller.secondYear) await adviser.choose(page.getByLabel('Which year of the course do you want to start in?'), '1');
  await adviser.radio(question('Have you studied at a university before?'), 'No');
  const gcses = caller.gcses.map(([subject, grade]): Item => ({
    type: 'GCSE',
    fields: [
      ['Subject', subject],
      ['Grade', grade],
      ['Year', '2024'],
    ],
  }));
  await fillGroup(adviser, page, 'GCSE qualification', gcses);
  await fillGroup(adviser, page, 'Qualification', caller.qualifications);
  await adviser.click(page.getByRole('button', { name: 'Next' }));

  await page.getByRole('heading', { level: 1, name: 'Step 3: Submit' }).waitFor();
  // The decision the assessment of the finished form suggests (never simply the first button): the
  // form assesses after the last change (debounced), so wait for an answer to a request sent after it.
  while (!assessments.some((a) => a.sent >= adviser.lastChange)) await page.waitForEvent('response', { timeout: 30_000 });
  const { TRAFFIC_LIGHT, SUBMISSION_OPTIONS } = await assessments.filter((a) => a.sent >= adviser.lastChange).at(-1)!.assessment;
  const labels = SUBMISSION_OPTIONS.BUTTONS.map((b) => b.LABEL);
  const outcome = (SUGGESTED[TRAFFIC_LIGHT] ?? []).find((label) => labels.includes(label));
  if (!outcome) throw new Error(`no suggested decision for ${TRAFFIC_LIGHT} among ${labels.join(', ')}`);
  // (A click waits until the button is there and enabled.)
  await adviser.click(page.getByRole('button', { name: `${outcome} (save)`, exact: true }));
  await adviser.click(page.getByRole('dialog').getByRole('button', { name: 'Yes, submit' }));
  const saved = page.getByRole('region', { name: 'Saved' });
  await saved.getByRole('heading', { name: 'Saved' }).waitFor({ timeout: 30_000 });
  const seconds = (Date.now() - started) / 1000;
  const parts = [saved.getByRole('heading', { name: 'Saved' }), saved.locator('dl'), ...(await saved.locator('p').all())];
  let visible = true;
  for (const part of parts) visible = visible && (await inView(page, part));
  return { label: caller.label, actions: adviser.actions, characters: adviser.characters, seconds, inView: visible, outcome };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  let baseUrl = option('url');
  const stops: Array<() => Promise<void>> = [];
  if (!baseUrl) {
    const directory = await startDirectory({ port: 'free' });
    stops.push(() => directory.stop());
    const stack = await startStack({ database: 'test', seedDemoData: true, directoryUrl: directory.url });
    stops.unshift(() => stack.stop());
    baseUrl = stack.gatewayUrl;
  }
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const results: Result[] = [];
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${baseUrl}/staff`);
    await page.getByLabel('Username').fill('backoffice');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    // --calls 1,4: only those callers (numbered from 1), e.g. to look at one again.
    const only = option('calls')?.split(',').map(Number);
    for (const caller of CALLERS.filter((_, i) => !only || only.includes(i + 1))) {
      let result: Result;
      try {
        result = await takeCall(page, baseUrl, caller);
      } catch (error) {
        // Say where the call stuck (the page's alerts, a screenshot) and go on with the next caller.
        const alerts = await page.getByRole('alert').allTextContents();
        await page.screenshot({ path: `tmp/adviser-call-${CALLERS.indexOf(caller) + 1}.png`, fullPage: true });
        console.log(`${caller.label}: FAILED at ${page.url()} (${alerts.join(' | ') || (error as Error).message.split('\n')[0]})`);
        continue;
      }
      // Where the script was not in view, what the adviser saw (tmp/ is the workspace's scratch folder).
      if (!result.inView) await page.screenshot({ path: `tmp/adviser-call-${CALLERS.indexOf(caller) + 1}-in-view.png` });
      results.push(result);
      console.log(
        `${result.label.padEnd(52)} actions ${String(result.actions).padStart(3)}  typed ${String(result.characters).padStart(3)}  ${result.seconds.toFixed(1).padStart(5)} s  script in view: ${result.inView ? 'yes' : 'NO'}  (${result.outcome})`,
      );
    }
  } finally {
    await browser.close();
    for (const stop of stops) await stop();
  }
  const actions = median(results.map((r) => r.actions));
  console.log(
    `\nmedian actions ${actions} (target <= ${TARGET_MEDIAN_ACTIONS}: ${actions <= TARGET_MEDIAN_ACTIONS ? 'met' : 'NOT met'}); median characters ${median(results.map((r) => r.characters))}; median seconds ${median(results.map((r) => r.seconds)).toFixed(1)}; script in view: ${results.filter((r) => r.inView).length}/${results.length} calls`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
