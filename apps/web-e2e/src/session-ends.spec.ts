import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, fillCallerApplication, signIn } from './support/desk';

/**
 * Against the real stack: the session ends on the server in the middle of a
 * phone application; the adviser presses a status, signs in in the dialog over the form, and the
 * same save goes on as them: stored once, theirs, with that status, nothing sent to the public route.
 */

/** Ends this page's staff session on the server (as a sign-out elsewhere, or an idle timeout, would), leaving the page as it is. */
async function endSessionOnServer(page: Page) {
  const statuses = await page.evaluate(async () => {
    const token = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.split('=')[1] ?? '',
    );
    const logout = await fetch('/api/admin/auth/logout', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {}, token }),
    });
    const user = await fetch(`/api/admin/auth/user?_=${Date.now()}`);
    return [logout.status, user.status];
  });
  expect(statuses).toEqual([204, 401]);
}

test.describe('A staff session that ends mid-call', () => {
  test.setTimeout(120_000);

  test('signing in in the dialog stores the phone application once, as the adviser’s, with the status pressed @phone', async ({ page }) => {
    const name2 = `Sessionend${Date.now()}`;
    const publicPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/apply\/[^/]+$/.test(new URL(request.url()).pathname)) publicPosts.push(request.url());
    });
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] });
    await endSessionOnServer(page);

    const refer = page.getByRole('button', { name: /^Refer( \(save\))?$/ });
    await expect(refer).toBeEnabled();
    await refer.click();
    await page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' }).getByRole('button', { name: 'Yes, submit' }).click();

    // Over the form: the answers stay, focus is on the username.
    const signInDialog = page.getByRole('alertdialog', { name: 'Your session has ended: sign in to carry on' });
    await expect(signInDialog).toBeVisible();
    await expect(signInDialog.getByLabel('Username')).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
    // The dialog over the form is axe clean at desk and phone size (this test runs on both).
    await expectNoAxeViolations(page, { landmarks: true, label: 'session ended: sign-in dialog over the form' });
    await signInDialog.getByLabel('Username').fill('backoffice');
    await signInDialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await signInDialog.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/applications\/[^/]+\/G400$/, { timeout: 20_000 });
    await expect(signInDialog).toHaveCount(0);
    // The history: created by the adviser, with the status pressed.
    const log = page.locator('.cd-call-script__history li');
    await expect(log).toHaveCount(1);
    await expect(log.first()).toContainText('backoffice');
    expect(publicPosts).toEqual([]);

    // Stored once, Referred.
    await page.goto(`/applications?q=${name2}`);
    await expect(page.getByText(/^\d+ applications? found$/)).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: name2 });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByText('Referred')).toBeVisible();
  });
});
