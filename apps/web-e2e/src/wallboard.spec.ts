import { XSRF_COOKIE } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/** Computer Science BSc: open in the demo catalogue, green for A*AA and five GCSEs. */
const COURSE = 'G400';
/** Politics BSc (no subject requirement, green for the public form): filled by the alerts test; no other browser test applies to it. */
const FILLED = 'L200';
/**
 * International Politics and Sociology BSc (no subject requirement, green for the public form):
 * its offers of the last 15 min / hour are counted before and after one decision. No other
 * browser test applies to it, so no earlier offer leaves a window while the count is read
 * (G400's, made all through the run, do).
 */
const COUNTED = 'L2L3';

/** The value of the gateway's XSRF cookie in a context: what the web app sends as `token`. */
async function xsrfToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === XSRF_COOKIE);
  return cookie ? decodeURIComponent(cookie.value) : '';
}

/** A public applicant (no staff session) applies through POST /api/apply/{course} with a green form: offered at once. */
async function publicOffer(context: BrowserContext, course = COURSE) {
  expect((await context.request.get('/api/ping')).status()).toBe(200);
  const form = createApplicationForm({
    NAME2: `Wallboard${Date.now()}`,
    EMAIL: uniqueEmail('wallboard'),
    UCAS_PERSONAL_ID: String(7_000_000_000 + Math.floor(Math.random() * 999_999_999)),
    GCSE_QUALIFICATIONS: FIVE_GCSES,
  });
  const response = await context.request.post(`/api/apply/${course}`, { data: { data: form, token: await xsrfToken(context) } });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { confirmed_status: string }).confirmed_status).toBe('O');
}

type CourseLedger = { CLEARING_PLACES: number; OFFER_ALLOWANCE: number; VACANCIES_INTERNAL: number };
const readLedger = async (admin: Page, course: string): Promise<CourseLedger> => {
  const response = await admin.request.get(`/api/admin/courses/${course}?_=${Date.now()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { courseData: CourseLedger }).courseData;
};

/**
 * As an Administrator (course control's PUT), leaves exactly one place on `course`: Clearing places
 * = the offers that count + 1 at allowance 1.00 (the stack keeps its data across repeats, so the
 * offers are read first; a course the guard closed reopens, clearing its Full alert). Waits for the
 * projection, never for a time.
 */
async function leaveOnePlace(admin: Page, course: string) {
  const before = await readLedger(admin, course);
  const offers = Math.floor(before.CLEARING_PLACES * before.OFFER_ALLOWANCE) - before.VACANCIES_INTERNAL;
  const token = await xsrfToken(admin.context());
  const saved = await admin.request.put(`/api/admin/courses/${course}`, { data: { data: { CLEARING_PLACES: offers + 1, OFFER_ALLOWANCE: 1 }, token } });
  expect(saved.status()).toBe(200);
  await expect.poll(async () => (await readLedger(admin, course)).VACANCIES_INTERNAL).toBe(1);
}

/** An adviser signed in (their own context) offers a place by phone through the desk's API, as the form's Offer does. */
async function adviserOffer(adviser: Page) {
  const form = {
    ...createApplicationForm({
      NAME2: `Adviser${Date.now()}`,
      EMAIL: uniqueEmail('wallboard-adviser'),
      UCAS_PERSONAL_ID: String(7_000_000_000 + Math.floor(Math.random() * 999_999_999)),
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    SUBMISSION_ID: crypto.randomUUID(),
    STATUS: 'O',
  };
  const response = await adviser.request.post(`/api/admin/applications/new/${COURSE}`, {
    data: { data: form, token: await xsrfToken(adviser.context()) },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { confirmed_status: string }).confirmed_status).toBe('O');
}

test.describe('The supervisor’s wallboard', () => {
  test('fits 1280, is accessible in both type sizes, and shows a decision made through the API', async ({ page, browser }) => {
    // axe reads every row of 161 courses, twice; and the desk, the chart and a second adviser on a loaded machine.
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'editor');

    // The figures' per-course table fits the screen: no sideways scrolling at 1280.
    await page.goto('/staff/figures');
    // The first figures after the stack starts count every course: slow on a loaded machine.
    await expect(page.getByRole('table', { name: 'Figures per course' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await page.goto('/staff/wallboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallboard' })).toBeVisible();
    await expect(page.getByText('Live: updates as decisions are made')).toBeVisible();
    const table = page.getByRole('table', { name: 'Courses by time to full, soonest first' });
    const row = table.getByRole('row').filter({ has: page.getByText(COUNTED, { exact: true }) });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Advisers signed in' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page);

    // Offers of the last 15 min / hour on the course, before the decision.
    const lastHour = row.getByRole('cell').nth(3);
    const [last15, last60] = (await lastHour.innerText()).split(' / ').map(Number);
    const publicContext = await browser.newContext();
    try {
      await publicOffer(publicContext, COUNTED);
    } finally {
      await publicContext.close();
    }
    // The stream brings it: expect waits for the text (no timer of ours), bounded well under the
    // figures' 15 s poll, so only the event can have brought it in time.
    await expect(lastHour).toHaveText(`${(last15 ?? 0) + 1} / ${(last60 ?? 0) + 1}`, { timeout: 5_000 });

    // The desk panels: the queue and callbacks, and the advisers signed in. An adviser signs in
    // and decides: their row appears, then their decisions today go up by one, brought by the stream.
    await expect(page.getByRole('list', { name: 'Queue' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Callbacks' })).toBeVisible();
    const adviserContext = await browser.newContext();
    try {
      const adviser = await adviserContext.newPage();
      await signIn(adviser, 'backoffice');
      const advisers = page.getByRole('table', { name: 'Advisers signed in' });
      const adviserRow = advisers.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Bola Backoffice', exact: true }) });
      // Signing in is no event: the board's poll (15 s) brings the adviser.
      await expect(adviserRow).toHaveCount(1, { timeout: 20_000 });
      const decisions = adviserRow.getByRole('cell').nth(2);
      const before = Number(await decisions.innerText());
      await adviserOffer(adviser);
      await expect(decisions).toHaveText(String(before + 1), { timeout: 5_000 });
    } finally {
      await adviserContext.close();
    }

    // The chart of offers against places, with its table.
    await expect(page.getByRole('combobox', { name: 'Course' })).toBeVisible();
    await expect(page.getByRole('img', { name: /offers against \d+ places now\.$/ })).toBeVisible();

    // Large type: remembered across a reload, and still accessible.
    const toggle = page.getByRole('button', { name: 'Large type for a wall screen' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Large type for a wall screen' })).toHaveAttribute('aria-pressed', 'true');
    await expect(table).toBeVisible();
    await expect(page.getByRole('table', { name: 'Advisers signed in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an offer that fills a course shows its Full alert on every board, live and accessible @phone', async ({ page, browser }) => {
    // axe reads every row of 161 courses; the course control change and its projection on a loaded machine.
    test.setTimeout(300_000);
    const adminContext = await browser.newContext();
    const publicContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin');
      await leaveOnePlace(admin, FILLED);

      await signIn(page, 'editor');
      await page.goto('/staff/wallboard');
      const alerts = page.getByRole('region', { name: 'Alerts' });
      await expect(alerts).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Live: updates as decisions are made')).toBeVisible();
      const full = alerts.getByRole('listitem').filter({ hasText: 'Full: Politics (L200)' });
      await expect(full).toHaveCount(0);

      // The last place goes: the stream brings the alert, well before the board's 15 s poll.
      await publicOffer(publicContext, FILLED);
      await expect(full).toHaveCount(1, { timeout: 5_000 });
      await expect(full).toHaveText(/^Full: Politics \(L200\) raised \d\d:\d\d$/);
      await expectNoAxeViolations(page);
    } finally {
      await adminContext.close();
      await publicContext.close();
    }
  });
});
