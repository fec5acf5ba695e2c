import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillCallerApplication, signIn, signOut } from './support/desk';

/**
 * One story for a caller who needs a visa: the adviser's offer is made (the script says so and
 * hands over to the visa compliance team), the confirm dialog names the decision, course and
 * caller, and the offer is on the Visa Team's list (filter v) with its visa state, whose Visa
 * screen keeps the spec's sentence, sets the state (shown in the list) and leads back to the list.
 */
test.describe("The Visa Team's list", () => {
  test.setTimeout(120_000);

  test('a needs-a-visa caller taken to an offer is found in the Visa Team listing, and the Visa Team sets its visa state @phone', async ({ page }) => {
    const name2 = `Visacaller${Date.now()}`;
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'G400', name2, nationality: 'USA', grades: ['A*', 'A', 'B'] });

    const offer = page.getByRole('button', { name: /^Offer( \(save\))?$/ });
    await expect(offer).toBeEnabled();
    await offer.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
    await expect(dialog.getByText('The application will be saved with the status Offered.')).toBeVisible();
    await expect(dialog.getByText(`Course: Computer Science BSc (Hons) (G400). Caller: Amara ${name2}.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, submit' }).click();
    await expect(page).toHaveURL(/\/applications\/[^/]+\/G400$/, { timeout: 20_000 });

    // The Saved screen: the offer is made, then the visa compliance team takes over.
    const saved = page.getByRole('region', { name: 'Saved' });
    await expect(saved).toBeVisible();
    await expect(saved.getByText('I am pleased to make you an offer for Computer Science. You will receive an email confirming it.')).toBeVisible();
    await expect(saved.getByText(/our visa compliance team will contact you about your offer and your student visa/)).toBeVisible();
    await expect(saved.getByText(/before an offer can be made/)).toHaveCount(0);
    await signOut(page);

    await signIn(page, 'visateam');
    await page.goto(`/applications?s=v&q=${encodeURIComponent(name2)}`);
    await expect(page.getByText(/^\d+ applications? found$/)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name2 });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Offered' })).toBeVisible();
    // At phone size each cell also names its column.
    await expect(row.getByRole('cell', { name: /^(Visa status )?Pending$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: /^Visa/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Visas have been moved to the City Admin Portal.' })).toBeVisible();
    // The Visa Team sets the visa state: Pending until now, Approved once saved.
    const state = page.getByRole('group', { name: 'Visa status' });
    await expect(state.getByRole('radio', { name: 'Pending' })).toBeChecked();
    await expectNoAxeViolations(page);
    await state.getByRole('radio', { name: 'Approved' }).check();
    await page.getByRole('button', { name: 'Save the visa status' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Visa status saved: Approved.' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to application listing' }).click();
    await expect(page).toHaveURL(/\/applications\?.*s=v/);
    const after = page.getByRole('row').filter({ hasText: name2 });
    await expect(after).toHaveCount(1);
    await expect(after.getByRole('cell', { name: /^(Visa status )?Approved$/ })).toBeVisible();
  });
});
