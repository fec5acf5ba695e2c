import { XSRF_COOKIE } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { startStack, type Stack } from '@clearing-desk/stack';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/**
 * 'Emails that failed' on the figures, to the failed email and its Resend, against a stack of its
 * own whose notifications-svc sends one public email per recipient domain an hour: a second public
 * offer to the same domain fails (recorded, never sent). The shared stack keeps the default cap.
 */

let stack: Stack;

test.beforeAll(async () => {
  // A second stack beside the suite's: on a loaded 2-core machine its start can take minutes.
  test.setTimeout(480_000);
  stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment', 'notifications'],
    directoryUrl: process.env.E2E_DIRECTORY_URL,
    env: { NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR: '1' },
    gatewayEnv: { RATE_LIMIT_APPLY_MAX: '100000', RATE_LIMIT_APPLY_BUDGET: '100000', RATE_LIMIT_APPLY_PER_APPLICANT_MAX: '100000', FORM_MIN_FILL_MS: '0' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a failed email is one click from the figures, and Resend there sends it again', async ({ browser }) => {
  test.setTimeout(120_000);
  const domain = `capped${Date.now()}.example`;
  // Two public offers to one domain: the second's email is over the cap.
  const applicant = await browser.newContext({ baseURL: stack.gatewayUrl });
  expect((await applicant.request.get('/api/ping')).status()).toBe(200);
  const token = decodeURIComponent((await applicant.cookies()).find((c) => c.name === XSRF_COOKIE)?.value ?? '');
  for (const [i, who] of ['first', 'second'].entries()) {
    const form = {
      ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
      EMAIL: `${who}@${domain}`,
      UCAS_PERSONAL_ID: String(7_600_000_000 + (Date.now() % 1_000_000) * 10 + i),
      SUBMISSION_ID: crypto.randomUUID(),
    };
    // Sent again with the same SUBMISSION_ID on a 5xx (a busy machine), as the Submit button allows: stored once.
    let status = 0;
    for (let tries = 0; tries < 5 && (status === 0 || status >= 500); tries++) {
      status = (await applicant.request.post('/api/apply/G400', { data: { data: form, token }, timeout: 60_000 })).status();
    }
    expect(status).toBe(200);
  }
  await applicant.close();

  const context = await browser.newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'backoffice');
  // The worker records the failure on its own: wait for the figures to count it.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/figures?_=${Date.now()}`)).json()) as { emails: { failed: number } }).emails.failed, {
      timeout: 60_000,
    })
    .toBe(1);

  await page.goto('/staff/figures');
  await page.getByRole('link', { name: '1 email that failed: see them and resend' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emails that failed' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Emails that failed, newest first' });
  const row = table.getByRole('row').filter({ hasText: `second@${domain}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^Not sent: more than 1 emails of public submissions to /);
  await expect(row.getByRole('cell').nth(4)).toHaveText('Not yet');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expectNoAxeViolations(page, { landmarks: true, label: 'failed emails (desk)' });

  await row.getByRole('button', { name: new RegExp(`^Resend: Offer email to second@${domain.replace(/\./g, '\\.')}, `) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The email is queued to be sent again.' })).toBeVisible();
  // The list asks again while the resend is on its way; the worker sends it (resends are not capped).
  await expect(row.getByRole('cell').nth(4)).toHaveText('Sent again', { timeout: 30_000 });
  await context.close();
});
