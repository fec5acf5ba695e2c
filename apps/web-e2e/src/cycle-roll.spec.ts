import { startStack, type Stack } from '@clearing-desk/stack';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/**
 * Rolling the recruitment cycle on the Settings page as an Administrator, against a stack of its
 * own: a roll makes 2026/27 current on the whole stack (outside its window on the test clock,
 * results day 2025, so the public meets Clearing closed and the catalogue's default start date
 * moves a year on). The suite's shared stack stays in 2025/26 for every other spec, whatever order
 * they run in, as session-warning.spec.ts keeps its short idle timeout to itself.
 */

let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startStack({ database: 'test', seedDemoData: true, services: ['courses', 'applications'], directoryUrl: process.env.E2E_DIRECTORY_URL });
});

test.afterAll(async () => {
  await stack?.stop();
});

/** The 'Recruitment cycle' section's facts as 'Key: value' lines. */
const cycleFacts = (page: Page) =>
  page
    .getByRole('region', { name: 'Recruitment cycle' })
    .locator('.cd-summary-list__row')
    .evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`));

test('an Administrator rolls 2025/26 to 2026/27 behind a confirmation naming it, and every label follows', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clearing settings' })).toBeVisible();

  // The current cycle, as seeded from configuration.
  const section = page.getByRole('region', { name: 'Recruitment cycle' });
  await expect(section.getByText('Clearing 2025/26')).toBeVisible();
  expect(await cycleFacts(page)).toEqual([
    'Cycle: Clearing 2025/26',
    'Clearing window: 5 July 2025 to 20 October 2025',
    'Results day: 14 August 2025',
    'Default course start date: 22 September 2025',
    'Tariff version: 2025',
  ]);
  await expect(page.getByRole('banner').getByText('Clearing 2025/26', { exact: true })).toBeVisible();
  // Inside the window on results day 2025: no warning.
  await expect(page.locator('.cd-cycle-banner')).toHaveCount(0);
  await expectNoAxeViolations(page, { landmarks: true, label: 'settings with the recruitment cycle (desk)' });

  // The confirmation names the next cycle and its dates; the confirming button has focus.
  const roll = section.getByRole('button', { name: 'Roll to the next cycle' });
  await roll.click();
  const dialog = page.getByRole('dialog', { name: 'Roll to Clearing 2026/27?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'Clearing 2026/27 opens on 5 July 2026 and closes on 20 October 2026; results day is 14 August 2026. ' +
      'Courses starting on 22 September 2025 will start on 22 September 2026. ' +
      'Applications made in Clearing 2025/26 stay readable under that cycle. This cannot be undone here.',
  );
  const confirm = dialog.getByRole('button', { name: 'Roll to Clearing 2026/27' });
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page, { label: 'roll confirmation (desk)' });

  const rolled = page.waitForResponse((r) => r.url().includes('/api/admin/cycle/roll') && r.request().method() === 'POST');
  await confirm.click();
  expect((await rolled).status()).toBe(200);
  await expect(dialog).toHaveCount(0);

  // The page shows the new cycle, announced, with the roll listed; the header and footer follow.
  await expect(section.getByRole('status').locator('.cd-notice__heading')).toHaveText('Clearing 2026/27 is now the current cycle.');
  await expect
    .poll(() => cycleFacts(page))
    .toEqual([
      'Cycle: Clearing 2026/27',
      'Clearing window: 5 July 2026 to 20 October 2026',
      'Results day: 14 August 2026',
      'Default course start date: 22 September 2026',
      'Tariff version: 2026',
    ]);
  await expect(section.getByRole('table', { name: 'Cycle rolls' }).getByRole('row').nth(1).getByRole('cell')).toHaveText([
    /\d{2}:\d{2}/,
    'admin',
    '2025/26',
    '2026/27',
  ]);
  await expect(page.getByRole('banner').getByText('Clearing 2026/27', { exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('Clearing Desk: Clearing 2026/27')).toBeVisible();
  // On 14 August 2025 the 2026/27 window has not opened: staff are warned and work on.
  await expect(page.locator('.cd-cycle-banner')).toHaveText(
    /Clearing 2026\/27 is outside its window \(5 July 2026 to 20 October 2026\): the public cannot apply\./,
  );
  await expectNoAxeViolations(page, { landmarks: true, label: 'settings after the roll (desk)' });

  // Readable at 390 px: the banner and the section wrap instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByRole('button', { name: 'Roll to the next cycle' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, { label: 'settings after the roll (phone)' });
  await context.close();
});
