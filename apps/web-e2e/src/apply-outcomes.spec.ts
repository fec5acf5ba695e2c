import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';

/**
 * Public applications to Computer Science [G400] (Sciences school: 5 GCSEs incl. English Language
 * and Mathematics at 4/C; accepted 112, advertised 128; automatic offer and rejection) decided at
 * once by the real stack (domain.md "Public submissions").
 */
test.describe('Applying to G400 as a member of the public', () => {
  test.setTimeout(90_000);

  test("A*AB (144 points) gets an offer: 'Good News!' with the reference", async ({ page }) => {
    await fillApplication(page, { email: uniqueEmail('offer') }, ['A*', 'A', 'B']);
    await expect(page.getByText('A Level: Mathematics, A*, 2023')).toBeVisible();
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
    await expect(page.getByText('Your reference number')).toBeVisible();
    await expect(page.locator('.cd-panel__reference')).toHaveText(/^31\S+$/);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'View your application' }).click();
    await expect(page).toHaveURL(/\/review\/[^/]+$/);
    // The status page: the decision first, the application read back below it.
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your application details' })).toBeVisible();
    // Once in the decision's facts, once in the application read back.
    await expect(page.getByText('Offered', { exact: true })).toHaveCount(2);
    // The review page works on reload: everything comes from GET /api/applications/{hash}.
    await page.reload();
    await expect(page.getByText('Mathematics, A*, 2023')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('CCC (96 points) is rejected with reasons and recommended courses', async ({ page }) => {
    await fillApplication(page, { email: uniqueEmail('reject') }, ['C', 'C', 'C']);
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Unfortunately, you do not meet the requirements for this course' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why we cannot make you an offer' })).toBeVisible();
    await expect(page.getByText(/96/).first()).toBeVisible();
    const recommended = page.getByRole('region', { name: 'Other courses you could apply for' });
    await expect(recommended.getByRole('link').first()).toHaveAttribute('href', /\/apply\/[A-Z0-9]+$/);
    await expectNoAxeViolations(page);
  });

  test('ABC (120 points, amber) is submitted for the back office: call the Clearing team', async ({ page }) => {
    await fillApplication(page, { email: uniqueEmail('submit') }, ['A', 'B', 'C']);
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Please call our Clearing team' })).toBeVisible();
    await expect(page.getByRole('link', { name: '020 7040 8716' })).toHaveAttribute('href', 'tel:02070408716');
    await expect(page.getByText(/quote your reference number 31\S+\./)).toBeVisible();
  });

  test('a second application with the same email is a duplicate', async ({ page }) => {
    const email = uniqueEmail('duplicate');
    await fillApplication(page, { email }, ['A*', 'A', 'B']);
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();

    // A new visit: the duplicate check runs when the email loses focus.
    await page.goto('/apply/G400/personal-details');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Email address').blur();
    const banner = page.getByRole('alert').filter({ hasText: 'You have already applied' });
    await expect(banner).toContainText(
      'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.',
    );
    await expectNoAxeViolations(page);
  });
});
