import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

/** Demo directory password (README "Staff sign-in"). */
const PASSWORD = 'Results-Day-2025';
/** Law with Placement [M101]: no other browser test uses it; this test sets its vacancies back. */
const CODE = 'M101';
const TITLE = 'Law with Placement';

async function signIn(page: Page, username: string) {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** The public search for the course, waiting for this search's own result row. */
async function publicResult(page: Page) {
  await page.goto(`/apply?q=${CODE}`);
  const row = page.getByRole('row').filter({ hasText: TITLE }).filter({ hasText: CODE });
  await expect(row).toBeVisible();
  return row;
}

/** Sets the course's external vacancies on the course control screen and waits for 'Course saved.'. */
async function setExternalVacancies(page: Page, value: string) {
  const box = page.getByRole('textbox', { name: 'External vacancies' });
  await box.fill(value);
  await page.getByRole('button', { name: 'Save course' }).click();
  await expect(page.getByRole('status').getByText('Course saved.')).toBeVisible();
  await expect(box).toHaveValue(value);
}

test.describe('Course control and figures', () => {
  test('an Administrator closes a course by setting its vacancies to 0, the public search shows Closed, then reopens it', async ({ page, browser }) => {
    await signIn(page, 'admin');
    await page.goto(`/staff?q=${CODE}`);
    const staffRow = page.getByRole('row').filter({ hasText: TITLE }).filter({ hasText: CODE });
    await expect(staffRow).toBeVisible();
    await staffRow.getByRole('link', { name: `Edit course ${TITLE}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit course: ${TITLE} LLB (Hons)` })).toBeVisible();
    const original = await page.getByRole('textbox', { name: 'External vacancies' }).inputValue();
    expect(Number(original)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // A visitor in another browser context (no staff session).
    const visitor = await (await browser.newContext()).newPage();
    try {
      await setExternalVacancies(page, '0');
      const closedRow = await publicResult(visitor);
      await expect(closedRow.getByText('Closed', { exact: true })).toBeVisible();
      await expect(closedRow.getByRole('link', { name: /Apply/ })).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'Changes to this course, newest first' })).toContainText(`External vacancies: ${original} → 0`);
    } finally {
      // Other browser tests share this stack: put the places back whatever happened above.
      await setExternalVacancies(page, original);
    }
    const reopened = await publicResult(visitor);
    await expect(reopened.getByText('Closed', { exact: true })).toHaveCount(0);
    await visitor.context().close();
  });

  test("an Administrator sets the course's IB requirement and the public course page shows it beside the tariff", async ({ page, browser }) => {
    await signIn(page, 'admin');
    await page.goto(`/staff/courses/${CODE}`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit course: ${TITLE} LLB (Hons)` })).toBeVisible();
    const advertised = page.getByRole('textbox', { name: 'Advertised IB requirement (Diploma points)' });
    const accepted = page.getByRole('textbox', { name: 'Accepted IB requirement (Diploma points)' });
    // Seeded from the tariffs 136/128 (demo catalogue TARIFF_TO_IB_POINTS).
    await expect(advertised).toHaveValue('31');
    await expect(accepted).toHaveValue('30');
    const visitor = await (await browser.newContext()).newPage();
    const setIb = async (adv: string, acc: string) => {
      await advertised.fill(adv);
      await accepted.fill(acc);
      await page.getByRole('button', { name: 'Save course' }).click();
      await expect(page.getByRole('status').getByText('Course saved.')).toBeVisible();
      await expect(accepted).toHaveValue(acc);
    };
    try {
      await visitor.goto(`/apply/${CODE}`);
      // The page shows the accepted tariff (a gap of 8), so the accepted IB points beside it.
      await expect(visitor.getByText('128 UCAS points')).toBeVisible();
      await expect(visitor.getByText('IB Diploma: 30 points')).toBeVisible();
      await setIb('34', '32');
      await expect(page.getByRole('table', { name: 'Changes to this course, newest first' })).toContainText(
        'Accepted IB requirement (Diploma points): 30 → 32',
      );
      await visitor.reload();
      await expect(visitor.getByText('IB Diploma: 32 points')).toBeVisible();
    } finally {
      // Other browser tests share this stack: put the requirement back whatever happened above.
      await setIb('31', '30');
      await visitor.context().close();
    }
  });

  test('an Editor reads the figures, may not change a course, and the page is accessible', async ({ page }) => {
    // axe reads every row of the figures of 161 courses: on a busy machine that alone can pass 30 s.
    test.setTimeout(120_000);
    await signIn(page, 'editor');
    await page.getByRole('banner').getByRole('link', { name: 'Figures' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Results-day figures' })).toBeVisible();
    const courses = page.getByRole('table', { name: 'Figures per course' });
    await expect(courses.getByRole('row').filter({ hasText: TITLE })).toBeVisible();
    await expect(page.getByRole('img', { name: /Applications per hour today/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download these figures (CSV)' })).toHaveAttribute('href', /\/api\/admin\/figures\.csv\?margin=0$/);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download these figures (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe('clearing-figures.csv');

    await page.goto(`/staff?q=${CODE}`);
    const row = page.getByRole('row').filter({ hasText: TITLE }).filter({ hasText: CODE });
    await expect(row.getByText('Your role: Editor')).toBeVisible();
    await expect(row.getByRole('link', { name: /Edit course/ })).toHaveCount(0);
    await page.goto(`/staff/courses/${CODE}`);
    await expect(page.getByText('Your role on this course does not allow changing it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save course' })).toHaveCount(0);
  });
});
