import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signOut } from './support/desk';

/** Demo directory accounts (README "Staff sign-in"), each with its one role over all courses. */
const PASSWORD = 'Results-Day-2025';
const ROLES = [
  ['admin', 'Ada Administrator', 'Administrator'],
  ['backoffice', 'Bola Backoffice', 'Back Office'],
  ['bolimited', 'Lin Limited', 'Back Office Limited'],
  ['editor', 'Eddie Editor', 'Editor'],
  ['frontoffice', 'Fran Frontoffice', 'Front Office'],
  ['visateam', 'Vik Visa', 'Visa Team'],
] as const;

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The /staff search for Computer Science [G400], waiting for this search's own results. */
async function searchComputerScience(page: Page) {
  await page.goto('/staff?q=G400');
  const result = page.getByRole('row').filter({ hasText: 'Computer Science' }).filter({ hasText: 'G400' });
  await expect(result).toBeVisible();
  return result;
}

test.describe('Staff sign-in', () => {
  for (const [username, name, role] of ROLES) {
    test(`${role} signs in, sees the staff navigation and their role on a course`, async ({ page }) => {
      await signIn(page, username);
      const header = page.getByRole('banner');
      await expect(header.getByText(name)).toBeVisible();
      await expect(header.getByRole('link', { name: 'Applications' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Apply' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Settings' })).toHaveCount(role === 'Administrator' ? 1 : 0);
      const result = await searchComputerScience(page);
      await expect(result.getByText(`Your role: ${role}`)).toBeVisible();
    });
  }

  test('a Front Office user of another school has no role on Computer Science', async ({ page }) => {
    await signIn(page, 'fo-law');
    await expect(page.getByRole('banner').getByText('Laura Lawson')).toBeVisible();
    const result = await searchComputerScience(page);
    await expect(result.getByText('No role on this course')).toBeVisible();
  });

  test('a wrong password and an injection attempt are refused alike @phone', async ({ page }) => {
    await signIn(page, 'admin', 'wrong-password');
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Incorrect username/password');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await page.getByLabel('Username').fill('*)(uid=*');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect username/password');
    await expectNoAxeViolations(page);
  });

  test('signing out ends the session: a reload shows the sign-in screen again', async ({ page }) => {
    await signIn(page, 'editor');
    await expect(page.getByRole('banner').getByText('Eddie Editor')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').getByText('Eddie Editor')).toBeVisible();
    await signOut(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Applications' })).toHaveCount(0);
  });

  test('the sign-in screen has no accessibility violations @phone', async ({ page }) => {
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('Clearing settings', () => {
  test('an Administrator closes Clearing: the public sees the closing message, staff still get the app @phone', async ({ page, browser }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('banner').getByText('Ada Administrator')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clearing settings' })).toBeVisible();
    await expectNoAxeViolations(page);

    const message = `Clearing is closed for today (${Date.now()}).`;
    try {
      await page.getByRole('radio', { name: 'Closed' }).check();
      await page.getByLabel('Closing message').fill(message);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved.')).toBeVisible();
      await expect(page.getByRole('table').getByText(message)).toBeVisible();
      await expectNoAxeViolations(page);

      const publicContext = await browser.newContext();
      const publicPage = await publicContext.newPage();
      await publicPage.goto('/apply');
      await expect(publicPage.getByText(message)).toBeVisible();
      await publicContext.close();

      await page.goto('/apply');
      await expect(page.getByRole('heading', { level: 1, name: 'Find a degree' })).toBeVisible();
    } finally {
      await page.goto('/staff/settings');
      await page.getByRole('radio', { name: 'Open' }).check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved.')).toBeVisible();
    }
  });

  test('an Editor may not change Clearing', async ({ page }) => {
    await signIn(page, 'editor');
    await expect(page.getByRole('banner').getByText('Eddie Editor')).toBeVisible();
    await page.goto('/staff/settings');
    await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  });
});
