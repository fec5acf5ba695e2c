import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test.describe('Find a degree', () => {
  test('/ redirects to the course search, which searches, pages and changes page size @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a degree' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Search for a course').fill('computer');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=computer/);
    // This search's own results: Computer Science [G400] and no longer Accounting and Finance [NN43] of the first page.
    await expect(page.getByRole('row').filter({ hasText: 'Computer Science' }).filter({ hasText: 'G400' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'NN43' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Computer Science/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('changes page and page size through the URL', async ({ page }) => {
    await page.goto('/apply');
    const pagination = page.getByRole('navigation', { name: /pagination/i });
    await pagination.getByRole('link', { name: /^(Page )?2$/ }).click();
    await expect(page).toHaveURL(/[?&]p=2/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/2/);

    await page.getByLabel(/results per page|page size/i).selectOption('50');
    await expect(page).toHaveURL(/[?&]page_size=50/);
    await expect(page).not.toHaveURL(/[?&]p=2/);
    await expectNoAxeViolations(page);

    await page.getByLabel('Search for a course').fill('engineering');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=engineering/);
    await expect(page).not.toHaveURL(/[?&]p=[2-9]/);
  });

  test("shows 'No results' for a search that matches nothing", async ({ page }) => {
    await page.goto('/apply?q=zzzzzzzz');
    await expect(page.getByText('No results')).toBeVisible();
  });

  test('shows Check back later, Closed and a disabled Apply for the course states of spec section 4', async ({ page }) => {
    await page.goto('/apply?q=H401');
    await expect(page.getByRole('button', { name: /^Check back later/ })).toBeDisabled();
    await page.goto('/apply?q=NN34');
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
    await page.goto('/apply?q=G1G3');
    await expect(page.getByRole('main').getByRole('button', { name: /^Apply/ })).toBeDisabled();
  });

  test('opens an external non-intermediary course in a new tab', async ({ page }) => {
    await page.goto('/apply?q=W310');
    const apply = page.getByRole('main').getByRole('link', { name: /Apply/ });
    await expect(apply).toHaveAttribute('target', '_blank');
    await expect(apply).toHaveAttribute('href', /^https:\/\//);
  });
});
