import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test.describe('Course information page', () => {
  test('an open course shows its information and starts an application @phone', async ({ page }) => {
    await page.goto('/apply');
    await page.getByLabel('Search for a course').fill('G400');
    await page.getByRole('button', { name: 'Search' }).click();
    // This search's own row (not one of the first page's rows shown before it).
    const result = page.getByRole('main').getByRole('row').filter({ hasText: 'Computer Science' }).filter({ hasText: 'G400' });
    await expect(result).toBeVisible();
    await result.getByRole('link', { name: /Apply/ }).click();
    await expect(page).toHaveURL(/\/apply\/G400$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Computer Science');
    await expect(page.getByText('Applicants will only be considered for entry into the first year for this course.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Start application' }).click();
    await expect(page).toHaveURL(/\/apply\/G400\/personal-details$/);
    await page
      .getByRole('navigation', { name: 'Application steps' })
      .getByRole('link', { name: /Qualifications/ })
      .click();
    await expect(page).toHaveURL(/\/apply\/G400\/qualifications$/);
  });

  test('a suspended course shows the suspended error', async ({ page }) => {
    await page.goto('/apply/H401');
    await expect(page.getByText('Error: Course is currently suspended.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an external non-intermediary course shows not found', async ({ page }) => {
    await page.goto('/apply/W310');
    await expect(page.getByText('Error: Course not found.', { exact: true })).toBeVisible();
  });

  test('an external intermediary course shows its information without applying', async ({ page }) => {
    await page.goto('/apply/Q3W4');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start application' })).toHaveCount(0);
  });

  test('an unknown course shows the fetch error text', async ({ page }) => {
    await page.goto('/apply/ZZZ9');
    await expect(page.getByText('Error: Course not found with open vacancies.')).toBeVisible();
  });

  test('an unknown path shows the 404 page with its link', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Search for courses in clearing and apply online' }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await expectNoAxeViolations(page);
  });
});
