import { expect, test } from '@playwright/test';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/** Today in the Clearing team's time zone, as the screen's day picker starts. */
const todayInLondon = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * The daily reconciliation (/staff/reconciliation): with a webhook endpoint whose receiver refuses
 * every delivery and an offer made after it was registered, the endpoint's Offered count falls short
 * of the figures: shown in red and in words ('Difference') with a sign, in a table with a caption,
 * for today by default; axe-clean (WCAG 2.2 AA) on a desktop and a phone.
 */
test('shows today’s counts per status with the failing endpoint’s difference in words and red, axe-clean @phone', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const url = `https://127.0.0.1:9/reconcile-${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/staff/settings');
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await webhooks.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await webhooks.getByRole('group', { name: 'Events the endpoint takes' }).getByRole('checkbox', { name: 'Decision' }).check();
  await webhooks.getByRole('button', { name: 'Register endpoint' }).click();
  await expect(webhooks.getByRole('region', { name: 'Webhook endpoint registered' })).toBeVisible();

  // A public offer after the registration (a member of the public, in a browser of their own):
  // the endpoint owes its event, and cannot take it.
  const publicContext = await browser.newContext({ baseURL });
  const applicant = await publicContext.newPage();
  await fillApplication(applicant, { email: uniqueEmail('reconcile') }, ['A*', 'A', 'B']);
  await submitApplication(applicant);
  await publicContext.close();

  await page.goto('/staff/figures');
  await page.getByRole('link', { name: 'Daily reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daily reconciliation' })).toBeVisible();
  const today = todayInLondon();
  await expect(page.getByLabel('Day')).toHaveValue(today);
  const table = page.getByRole('table', { name: `Applications by status on ${today} (cycle 2025/26)` });
  await expect(table).toBeVisible();
  await expect(page.getByRole('columnheader', { name: new RegExp(`^Delivered to ${url}`) })).toBeVisible();
  const offered = table.getByRole('row').filter({ hasText: 'Offered (O)' });
  const difference = offered.locator('.cd-reconciliation__difference').last();
  await expect(difference).toContainText(/⚠ \d+ \(Difference: -\d+\)/);
  await expect(difference).toHaveCSS('color', 'rgb(179, 38, 30)');
  await expect(page.getByRole('status')).toContainText(/\d+ status(es have| has) a difference\./);
  // No sideways scrolling: on a phone each status is a card, its caption across the full width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expectNoAxeViolations(page, { landmarks: true, label: 'the daily reconciliation with a difference' });

  // Another day from the picker: the report of that day (before any application: no difference in the feed).
  await page.getByLabel('Day').fill('2025-08-13');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByRole('table', { name: 'Applications by status on 2025-08-13 (cycle 2025/26)' })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'the reconciliation of another day' });
});
