import { expect, test } from '@playwright/test';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { signIn } from './support/desk';

/**
 * Erasure on request in the browser: an applicant whose offer is live cannot be erased (the
 * refusal in the error summary); one rejected can, after the confirmation dialog, and the
 * subject access search then finds no one. The form, its errors, the dialog and the outcome are
 * axe-clean.
 */
test('an Administrator erases a person after confirming, a live offer is refused, axe-clean throughout', async ({ page, context }) => {
  test.setTimeout(180_000);
  const offered = uniqueEmail('erasure-offer');
  await fillApplication(page, { email: offered }, ['A*', 'A', 'B']);
  await submitApplication(page);
  const rejected = uniqueEmail('erasure-reject');
  await context.clearCookies();
  await fillApplication(page, { email: rejected }, ['C', 'C', 'C']);
  await submitApplication(page);

  await signIn(page, 'admin');
  await page.goto('/staff/settings');
  const section = page.getByRole('region', { name: 'Erase a person' });
  await expect(section).toBeVisible();
  await expect(page.getByRole('region', { name: 'Retention schedule' }).getByText(/^Documents you upload: kept for 6 months/)).toBeVisible();

  // Nothing filled: the error summary takes the focus.
  await section.getByRole('button', { name: 'Erase this person' }).click();
  await expect(section.getByRole('alert')).toBeFocused();
  await expectNoAxeViolations(page, { label: 'erasure: errors' });

  // A live offer is refused in the server's words.
  await section.getByLabel('Email address').fill(offered);
  await section.getByLabel('Ticket reference').fill('DP-E2E-1');
  await section.getByLabel('Reason').fill('Asked by email');
  await section.getByRole('button', { name: 'Erase this person' }).click();
  let dialog = page.getByRole('dialog', { name: 'Erase this person permanently?' });
  await expect(dialog.getByRole('button', { name: 'Erase permanently' })).toBeFocused();
  await expectNoAxeViolations(page, { label: 'erasure: dialog' });
  await dialog.getByRole('button', { name: 'Erase permanently' }).click();
  await expect(section.getByRole('alert')).toContainText('This person holds a live offer (G400): an offered place is kept while it stands.');

  // A rejected applicant is erased.
  await section.getByLabel('Email address').fill(rejected);
  await section.getByLabel('Ticket reference').fill('DP-E2E-2');
  await section.getByRole('button', { name: 'Erase this person' }).click();
  dialog = page.getByRole('dialog', { name: 'Erase this person permanently?' });
  await expect(dialog).toHaveAccessibleDescription(`Every personal detail held about ${rejected} will be removed from every service. This cannot be undone.`);
  await dialog.getByRole('button', { name: 'Erase permanently' }).click();
  await expect(section.getByRole('status')).toContainText(/Erased: 1 application anonymised, \d+ emails? and 0 uploads removed\.$/);
  await expectNoAxeViolations(page, { label: 'erasure: done' });

  const search = await page.request.get(`/api/admin/subject-access.zip?email=${encodeURIComponent(rejected)}`);
  expect(search.status()).toBe(404);
});
