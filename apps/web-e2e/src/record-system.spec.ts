import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/**
 * The record system's settings (API keys and webhooks on /staff/settings) are axe-clean (WCAG 2.2
 * AA) with a key just issued, an endpoint just registered and its attempts open, and the revoke
 * dialog open; the secret shown once takes focus, so the keyboard and a screen reader are there.
 */
test('issues an API key and registers a webhook endpoint, axe-clean, the secret focused @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/staff/settings');
  const keys = page.getByRole('region', { name: 'Record system API keys' });
  await keys.getByRole('textbox', { name: 'Name' }).fill('Student records system (e2e)');
  await keys.getByRole('group', { name: 'Events the key may read' }).getByRole('checkbox', { name: 'Decision' }).check();
  await keys.getByRole('button', { name: 'Issue API key' }).click();
  const issued = keys.getByRole('region', { name: 'API key issued' });
  await expect(issued).toBeVisible();
  await expect(page.locator(':focus')).toContainText('API key issued');
  await expect(issued.locator('code')).toHaveText(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  // A receiver that refuses at once (port 9 on this machine): nothing in this test makes a decision anyway.
  await webhooks.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://127.0.0.1:9/e2e-hooks');
  await webhooks.getByRole('group', { name: 'Events the endpoint takes' }).getByRole('checkbox', { name: 'Withdrawn' }).check();
  await webhooks.getByRole('button', { name: 'Register endpoint' }).click();
  const registered = webhooks.getByRole('region', { name: 'Webhook endpoint registered' });
  await expect(registered).toBeVisible();
  await expect(page.locator(':focus')).toContainText('Webhook endpoint registered');
  await expect(registered.locator('code')).toHaveText(/^whsec_/);
  await webhooks.getByRole('button', { name: 'Show attempts of https://127.0.0.1:9/e2e-hooks' }).first().click();
  await expect(webhooks.getByRole('region', { name: 'Latest attempts: https://127.0.0.1:9/e2e-hooks' })).toBeVisible();
  await expect(page.locator('.cd-spinner')).toHaveCount(0);
  await expectNoAxeViolations(page, { landmarks: true, label: 'settings with a key issued and an endpoint registered' });

  await keys.getByRole('button', { name: 'Revoke API key Student records system (e2e)' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, { label: 'the revoke dialog' });
  await dialog.getByRole('button', { name: 'Revoke API key Student records system (e2e)' }).click();
  await expect(keys.getByText('API key revoked.')).toBeVisible();
});
