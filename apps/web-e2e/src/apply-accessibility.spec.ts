import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { addALevels, addFiveGcses, answer, fillPersonalDetails, itemEditor, submitApplication, uniqueEmail } from './support/apply';

test('every step of the application passes axe (WCAG 2.2 AA) @phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/apply/G400/personal-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('group', { name: 'Have you applied to university through UCAS this year?' }).getByText('Yes').click();
  await page.getByLabel('Nationality').selectOption('FRA');
  await expect(page.getByLabel('UCAS Personal ID (optional)')).toBeVisible();
  await expect(page.getByLabel('What visa do you hold, or expect to hold? (optional)')).toBeVisible();
  await expectNoAxeViolations(page);
  await fillPersonalDetails(page, { email: uniqueEmail('axe') });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await expectNoAxeViolations(page);
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
  await addFiveGcses(page);
  await addALevels(page, ['A*', 'A', 'B']);
  // An open International Baccalaureate editor (all its sections) and the remove dialog.
  await page.getByRole('button', { name: 'Add a qualification' }).click();
  await itemEditor(page, 'Qualification 4').getByLabel('Type of qualification').selectOption('IBO');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Remove qualification 4' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, remove it' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'No, go back' }).click();
  await submitApplication(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the leave-page question appears when leaving with unsaved changes', async ({ page }) => {
  await page.goto('/apply/G400/personal-details');
  await page.getByLabel('Given name').fill('Amara');
  await page.getByRole('link', { name: 'Apply' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave this application?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/personal-details$/);
  await expect(page.getByLabel('Given name')).toHaveValue('Amara');
});
