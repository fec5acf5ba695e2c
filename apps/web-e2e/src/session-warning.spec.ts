import { startStack, type Stack } from '@clearing-desk/stack';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/**
 * The idle warning against a gateway of its own whose idle timeout is
 * 2 minutes 5 seconds (SESSION_IDLE_TIMEOUT_MS through the stack's gatewayEnv): the two-minute
 * warning is due 5 seconds after the adviser's last action, so only this spec waits for it; the
 * rest of the suite keeps the default 30 minutes.
 */
const IDLE_TIMEOUT_MS = 125_000;

let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses'],
    directoryUrl: process.env.E2E_DIRECTORY_URL,
    gatewayEnv: { SESSION_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS) },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('two minutes before the idle end the warning offers Stay signed in, which keeps the session', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: stack.gatewayUrl });
  const page = await context.newPage();
  await signIn(page, 'backoffice');

  const warning = page.getByRole('alertdialog', { name: 'You will be signed out soon' });
  await expect(warning).toBeVisible({ timeout: 30_000 });
  await expect(warning).toContainText('You will be signed out in 2 minutes unless you stay signed in.');
  const stay = warning.getByRole('button', { name: 'Stay signed in' });
  await expect(stay).toBeFocused();
  // The warning is axe clean at desk size and at phone size.
  await expectNoAxeViolations(page, { landmarks: true, label: 'session warning (desk)' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stay).toBeInViewport();
  await expectNoAxeViolations(page, { landmarks: true, label: 'session warning (phone)' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const before = (await (await page.request.get(`/api/admin/auth/session?_=${Date.now()}`)).json()) as { idleEndsAt: string };

  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/auth/session') && r.request().method() === 'PUT');
  await page.keyboard.press('Enter');
  expect((await answered).status()).toBe(200);
  await expect(warning).toHaveCount(0);

  const after = await page.request.get(`/api/admin/auth/session?_=${Date.now()}`);
  expect(after.status()).toBe(200);
  const { idleEndsAt } = (await after.json()) as { idleEndsAt: string };
  expect(Date.parse(idleEndsAt)).toBeGreaterThan(Date.parse(before.idleEndsAt));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  await context.close();
});
