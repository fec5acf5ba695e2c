import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { fillCallerApplication, signIn, submitByPhone } from './support/desk';

/**
 * The screens the one story of a decision changed, axe-clean (WCAG 2.2 AA, and no duplicated or
 * unnamed landmark) at desk size and at phone size: the public confirmation and status page of an
 * automatic offer, the suspended course's page; the adviser's Saved screen after a needs-a-visa
 * offer, the student search with its results, the figures, the Visa Team's listing (filter v and
 * the nationality filter), and the visa screen before and after its state is set.
 */
test('the one story screens pass axe with unique landmarks @phone', async ({ page }) => {
  test.setTimeout(300_000);
  const check = (label: string) => expectNoAxeViolations(page, { landmarks: true, label });

  // Public: the confirmation of an automatic offer, then its status page.
  await fillApplication(page, { email: uniqueEmail('axestory') }, ['A*', 'A', 'B']);
  await submitApplication(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
  await check('confirmation');
  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page).toHaveURL(/\/review\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your application details' })).toBeVisible();
  await check('status page');

  // The suspended course's page.
  await page.goto('/apply/H401');
  await expect(page.getByText('Error: Course is currently suspended.')).toBeVisible();
  await check('suspended course');

  // Staff: a needs-a-visa caller offered by phone lands on Saved.
  const name2 = `Axestory${Date.now()}`;
  await signIn(page, 'backoffice');
  await fillCallerApplication(page, { course: 'G400', name2, nationality: 'USA', grades: ['A*', 'A', 'B'] });
  const editPath = await submitByPhone(page, 'Offer');
  await expect(page.getByRole('region', { name: 'Saved' })).toBeVisible();
  await check('saved');

  // The student search, with that caller found.
  await page.goto('/apply/G400/personal-details');
  await page.getByRole('button', { name: 'Find the caller' }).click();
  await page.getByLabel('Student family name').fill(name2);
  await page.getByRole('button', { name: 'Search students' }).click();
  await expect(page.getByRole('table', { name: 'Students' }).getByRole('row').filter({ hasText: name2 })).toHaveCount(1);
  await check('student search');

  // The figures.
  await page.goto('/staff/figures');
  await expect(page.getByRole('heading', { level: 1, name: 'Results-day figures' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Figures per course' })).toBeVisible();
  await check('figures');

  // The Visa Team's listing: filter v and the nationality filter.
  await page.goto(`/applications?s=v&nationality=USA&q=${encodeURIComponent(name2)}`);
  const row = page.getByRole('row').filter({ hasText: name2 });
  // At phone size each cell also names its column.
  await expect(row.getByRole('cell', { name: /^(Visa status )?Pending$/ })).toBeVisible();
  await check('visa listing');

  // The visa screen, before and after its state is set.
  const [, , studentId, ucasCode] = editPath.split('/');
  await page.goto(`/visa/${studentId}/${ucasCode}`);
  await expect(page.getByRole('group', { name: 'Visa status' }).getByRole('radio', { name: 'Pending' })).toBeChecked();
  await check('visa screen');
  await page.getByRole('group', { name: 'Visa status' }).getByRole('radio', { name: 'Deferred' }).check();
  await page.getByRole('button', { name: 'Save the visa status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Visa status saved: Deferred.' })).toBeVisible();
  await check('visa screen saved');
});
