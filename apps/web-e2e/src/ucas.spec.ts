import { XSRF_COOKIE } from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Client } from 'pg';
import { uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';
import { emailTo } from './support/mail';

/**
 * Against the real stack: UCAS's export of Clearing choices added is imported on the UCAS
 * reconciliation screen (matched, not matched and lapsing counts), the matched applicant's status
 * page says 'Added in UCAS', a row not matched is marked dealt with, and an offer past its deadline
 * is listed as lapsed and confirmed in one action, returning its place
 * (docs/domain/ucas-reconciliation.md).
 */

/** International Politics with Placement BSc: automatic offers to a green public application; no other browser test applies to it. */
const COURSE = 'L251';

async function xsrfToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === XSRF_COOKIE);
  return cookie ? decodeURIComponent(cookie.value) : '';
}

type Offered = { ucasId: string; email: string; name2: string; hash: string; applicationId: string };

/** A public applicant offered a place on COURSE at once (POST /api/apply/{course}, a green form). */
async function offered(context: BrowserContext, label: string): Promise<Offered> {
  expect((await context.request.get('/api/ping')).status()).toBe(200);
  const ucasId = String(7_100_000_000 + Math.floor(Math.random() * 899_999_999));
  const name2 = `${label}${Date.now()}`;
  const email = uniqueEmail(`ucas-${label.toLowerCase()}`);
  const form = createApplicationForm({ NAME2: name2, EMAIL: email, APPLIED_TO_UCAS: '1', UCAS_PERSONAL_ID: ucasId, GCSE_QUALIFICATIONS: FIVE_GCSES });
  const response = await context.request.post(`/api/apply/${COURSE}`, { data: { data: form, token: await xsrfToken(context) } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { confirmed_status: string; hash: string; app_id: string };
  expect(body.confirmed_status).toBe('O');
  return { ucasId, email, name2, hash: body.hash, applicationId: String(body.app_id) };
}

/**
 * The stack's cycle clock (CLEARING_CLOCK), by which offers lapse: Thursday 14 August 2025, 09:00
 * London. An offer decided on the Tuesday before lapses at 23:59 that Thursday (within 24 hours:
 * lapsing); one decided on the Monday lapsed at 23:59 on the Wednesday (past its deadline).
 */
const DECIDED_LAPSING = new Date('2025-08-12T09:00:00Z');
const DECIDED_LAPSED = new Date('2025-08-11T09:00:00Z');

/** Dates the offer's decision (its LOG rows) at `at`: the offer moves back in time against the stack's fixed clock. */
async function decideAt(applicationId: string, at: Date) {
  const client = new Client({ connectionString: process.env.E2E_APPLICATIONS_DATABASE_URL });
  await client.connect();
  try {
    await client.query('update application_log set time = $2 where application_id = $1', [Number(applicationId), at]);
  } finally {
    await client.end();
  }
}

const placesLeft = async (admin: Page): Promise<number> => {
  const response = await admin.request.get(`/api/admin/courses/${COURSE}?_=${Date.now()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { courseData: { VACANCIES_INTERNAL: number } }).courseData.VACANCIES_INTERNAL;
};

test.describe('UCAS reconciliation', () => {
  test('an import counts matched, not matched and lapsing rows; the status page says Added in UCAS; a lapsed offer is confirmed and its place returns', async ({
    page,
    browser,
  }) => {
    // Three applicants, an import, two emails and a projection: minutes on a loaded machine.
    test.setTimeout(300_000);
    const applicants = await browser.newContext();
    const added = await offered(applicants, 'Added');
    const lapsing = await offered(applicants, 'Lapsing');
    const lapsed = await offered(applicants, 'Lapsed');
    await decideAt(lapsing.applicationId, DECIDED_LAPSING);
    await decideAt(lapsed.applicationId, DECIDED_LAPSED);

    await signIn(page, 'admin');
    await page.goto('/staff/settings');
    await page.getByRole('link', { name: 'UCAS reconciliation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'UCAS reconciliation' })).toBeVisible();

    // No file: the error summary takes focus and links to the field.
    await page.getByRole('button', { name: 'Import' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: 'Select the CSV file exported from UCAS.' })).toBeVisible();

    const dashed = `${added.ucasId.slice(0, 3)}-${added.ucasId.slice(3, 6)}-${added.ucasId.slice(6)}`;
    const csv = `Personal ID,Course code,Surname\n${dashed},${COURSE},${added.name2}\n9999999999,${COURSE},Nobody\n`;
    await page.getByLabel('UCAS export (CSV)').setInputFiles({ name: 'ucas-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Imported ucas-e2e.csv: 2 rows, 1 matched, 0 already added, 1 not matched, 1 offers lapsing.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rows not matched to an application' }).getByRole('row', { name: /9999999999/ })).toContainText(
      'No application with this UCAS Personal ID and course code.',
    );
    await expect(page.getByRole('table', { name: 'Offers lapsing: not yet added in UCAS' })).toContainText(lapsing.name2);
    await expect(page.getByRole('table', { name: 'Offers lapsing: not yet added in UCAS' })).toContainText('23:59 on Thursday 14 August 2025');
    await expectNoAxeViolations(page, { label: 'UCAS reconciliation' });

    // The row not matched, looked into: marked dealt with, with a note, and shown again on request.
    const unmatched = page.getByRole('table', { name: 'Rows not matched to an application' });
    await unmatched.getByLabel('Note (optional): ucas-e2e.csv, line 3').first().fill('Not our applicant: checked in UCAS Hub.');
    await unmatched.getByRole('button', { name: 'Mark dealt with: ucas-e2e.csv, line 3' }).first().click();
    await expect(page.getByText('ucas-e2e.csv, line 3, is marked dealt with.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Rows not matched to an application' })).toBeFocused();
    await page.getByRole('button', { name: 'Show rows dealt with' }).click();
    await expect(
      page
        .getByRole('table', { name: 'Rows not matched, dealt with' })
        .getByRole('row', { name: /9999999999/ })
        .first(),
    ).toContainText('Not our applicant: checked in UCAS Hub.');
    await expectNoAxeViolations(page, { label: 'UCAS reconciliation, rows dealt with' });

    // The lapsing applicant is reminded once, by email.
    const reminder = await emailTo(lapsing.email, /^Reminder: add us as your Clearing choice in UCAS Hub$/);
    expect(reminder.text).toContain('Add us as your Clearing choice in UCAS Hub before the deadline, or your offer will lapse.');

    // The matched applicant's status page.
    const status = await applicants.newPage();
    await status.goto(`/review/${added.hash}`);
    await expect(status.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible({ timeout: 30_000 });
    await expect(status.getByText('Added in UCAS', { exact: true })).toBeVisible();

    // The lapsed offer: listed for a person, confirmed in one action, its place returned.
    const before = await placesLeft(page);
    const lapsedTable = page.getByRole('table', { name: 'Offers lapsed: not added in UCAS by their deadline' });
    const row = lapsedTable.getByRole('row').filter({ hasText: lapsed.name2 });
    await row.getByRole('button', { name: /^Confirm lapsed: / }).click();
    await expect(page.getByText(/^The offer to .* on L251 is withdrawn as lapsed: the place is returned and the applicant is emailed\.$/)).toBeVisible();
    await expect(lapsedTable.getByRole('row').filter({ hasText: lapsed.name2 })).toHaveCount(0);
    await expect.poll(() => placesLeft(page)).toBe(before + 1);
    const withdrawal = await emailTo(lapsed.email, /has been withdrawn$/);
    expect(withdrawal.text).toContain('Your offer has lapsed because it was not added as your Clearing choice in UCAS Hub by its deadline.');
    await applicants.close();
  });
});
