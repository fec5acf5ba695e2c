import { expect as baseExpect, test, type Locator } from '@playwright/test';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';
import { emailTo } from './support/mail';

/**
 * 'Emails that failed' (/staff/figures/failed-emails, docs/domain/emails.md) against the real
 * stack: an applicant mistypes their address so that the mail server refuses it for good (a 5xx
 * answer fails at once, no retries: the stack's mail catcher answers 501 to a recipient whose
 * domain holds an underscore, an address the form takes), the email is listed with the server's
 * reason; the adviser corrects the address on the desk and presses Resend, and the email reaches
 * the applicant and shows as sent again. Axe-clean at desktop and phone size.
 */
/** Staff screens are lazy chunks and the outbox relay and worker run on their own: 30 s per wait, not 10. */
const expect = baseExpect.configure({ timeout: 30_000 });

const REFUSED = '501 Error: Bad recipient address syntax';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The cell of `row` under `header` holding exactly `text` (at phone size each cell starts with its column's header). */
const cell = (row: Locator, header: string, text: string) => row.getByRole('cell', { name: new RegExp(`^(${escape(header)} )?${escape(text)}$`) });

test('an email the mail server refused is listed with why, and Resend after the address is corrected delivers it @phone', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const mistyped = `failed.${stamp}@mail_${stamp}.example`;
  const corrected = uniqueEmail('failed-corrected');
  const name2 = `Failed${stamp}`;
  await fillApplication(page, { email: mistyped, name2 }, ['A*', 'A', 'B']);
  await submitApplication(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'backoffice');
  // The offer email fails within seconds of the submission (the relay and the worker run on their own).
  const row = page.getByRole('row').filter({ hasText: mistyped });
  await expect(async () => {
    await page.goto('/staff/figures/failed-emails');
    await baseExpect(page.getByRole('heading', { level: 1, name: 'Emails that failed' })).toBeVisible({ timeout: 30_000 });
    await baseExpect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(cell(row, 'Email', `Offer email to ${mistyped}`)).toBeVisible();
  await expect(cell(row, 'Why', REFUSED)).toBeVisible();
  await expect(cell(row, 'Sent again', 'Not yet')).toBeVisible();
  await expectNoAxeViolations(page, { label: 'failed emails: listed' });

  // The adviser corrects the address on the application (a save that keeps the status sends nothing).
  await row.getByRole('link', { name: /^\S+ \/ G400$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await expect(page.getByLabel('Family name', { exact: true })).toHaveValue(name2);
  await page.getByLabel('Email address', { exact: true }).fill(corrected);
  await page
    .getByRole('link', { name: /Submit/ })
    .first()
    .click();
  const save = page.getByRole('button', { name: 'Offer (save)' });
  await expect(save).toBeEnabled();
  await save.click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to update the details of this application?' })
    .getByRole('button', { name: 'Yes, update' })
    .click();
  await expect(page.getByText(/^Last saved at /)).toBeVisible();

  // Resend: to the application's current address; the list asks again until it is sent.
  await page.goto('/staff/figures/failed-emails');
  await row.getByRole('button', { name: new RegExp(`^Resend: Offer email to ${escape(mistyped)}, `) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The email is queued to be sent again.' })).toBeVisible();
  await emailTo(corrected, /^Good News! Your offer for Computer Science$/);
  await expect(cell(row, 'Sent again', 'Sent again')).toBeVisible();
  await expect(cell(row, 'Why', REFUSED)).toBeVisible();
  await expectNoAxeViolations(page, { label: 'failed emails: sent again' });
});
