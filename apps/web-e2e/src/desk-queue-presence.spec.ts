import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillCallerApplication, signIn, submitByPhone } from './support/desk';

/**
 * The desk on results day against the real stack (docs/domain/work-queue.md): two advisers on one
 * application (presence: the second sees who has it and since when, cannot save over it, takes it
 * over after a confirmation), and 'Next call' opening the adviser's most urgent item with why it
 * is next. Every screen is axe-clean at desktop size.
 */
test.describe('Desk presence and Next call', () => {
  test.setTimeout(150_000);

  test('a second adviser sees who has an application open, cannot save over it, and takes it over', async ({ page, browser }) => {
    const name2 = `Presence${Date.now()}`;
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] });
    const editPath = await submitByPhone(page, 'Refer');

    // The second adviser, in a browser of their own.
    const second = await browser.newContext();
    const other = await second.newPage();
    await signIn(other, 'admin');
    await other.goto(`${editPath}/submit`);
    const notice = other.getByRole('region', { name: /^Open by Bola Backoffice since \d\d:\d\d$/ });
    await expect(notice).toBeVisible();
    const reason = 'Bola Backoffice has this application open, so you cannot save over their call. Take it over to save your changes.';
    await expect(notice.getByText(reason)).toBeVisible();
    const save = other.getByRole('button', { name: 'Refer', exact: true });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(new RegExp(`^${reason.replace(/[.]/g, '\\.')}`));
    await expectNoAxeViolations(other, { label: 'edit screen held by another adviser' });

    // Take over, by keyboard: the dialog asks first.
    await notice.getByRole('button', { name: 'Take over' }).focus();
    await other.keyboard.press('Enter');
    const dialog = other.getByRole('dialog', { name: 'Take over this application from Bola Backoffice?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(other, { label: 'take-over dialog' });
    await expect(dialog.getByRole('button', { name: 'Take over' })).toBeFocused();
    await other.keyboard.press('Enter');
    await expect(other.getByText('You have taken over this application.')).toBeFocused();
    await expect(other.getByRole('region', { name: /^Open by/ })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Refer', exact: true })).toBeEnabled();

    // The first adviser learns it when their screen is next asked (a reload stands in for the heartbeat).
    await page.reload();
    await expect(page.getByRole('region', { name: /^Open by Ada Administrator since \d\d:\d\d$/ })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'edit screen taken over' });
    await second.close();
  });

  test("'Next call' opens the adviser's most urgent item with why it is next", async ({ page }) => {
    const name2 = `Queue${Date.now()}`;
    await signIn(page, 'backoffice');
    // A referral due back by noon: at least one item waits for a Back Office adviser.
    await fillCallerApplication(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] });
    await submitByPhone(page, 'Refer');
    await page.goto('/applications');
    await expectNoAxeViolations(page, { label: 'listing with Next call' });
    await page.getByRole('button', { name: 'Next call' }).click();
    await expect(page).toHaveURL(/\/applications\/[^/]+\/[^/]+$/);
    const why = page.getByRole('region', { name: 'Next call' });
    await expect(why).toBeVisible();
    await expect(
      why.getByText(/^(Callback booked for|Offer lapses at|Referral due back by|Public submission waiting|The student said they would call back)/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'next call opened' });
  });
});
