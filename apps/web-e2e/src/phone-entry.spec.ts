import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { itemEditor } from './support/apply';
import { signIn } from './support/desk';

/**
 * An adviser with a caller on the line, in the browser: the date of birth typed
 * in one box with the spec's rules and messages; a qualification added with its type's button, its
 * boxes filled with the keyboard, and Enter in its last box is Done, focus on the next 'Add'
 * control, where Enter adds the next item. axe-clean at desk and phone size.
 */
test('the date of birth in one box, a type button, and Enter in the last box of an item is Done @phone', async ({ page }) => {
  await signIn(page, 'backoffice');
  await page.goto('/apply/G400/personal-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await expect(page.getByLabel('Day', { exact: true })).toHaveCount(0);
  const dob = page.getByRole('textbox', { name: 'Date of birth', exact: true });
  await dob.fill('31/2/2007');
  await dob.blur();
  await expect(page.getByText('Incorrect day 31: Day must be between 1 and 28.')).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await dob.fill('3/9/2001');
  await dob.blur();
  await expect(page.getByText('Incorrect day 31: Day must be between 1 and 28.')).toHaveCount(0);
  await expect(dob).toHaveValue('3/9/2001');
  await expectNoAxeViolations(page, { landmarks: true, label: 'step 1 with the one-box date' });

  await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: 'Step 2 Qualifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await page.getByRole('group', { name: 'Add a GCSE qualification', exact: true }).getByRole('button', { name: 'Add GCSE', exact: true }).click();
  const gcse = itemEditor(page, 'GCSE qualification 1');
  await expect(gcse.getByLabel('Type of qualification')).toHaveValue('GCSE');
  await expect(gcse.getByLabel('Subject')).toBeFocused();
  await page.keyboard.type('Mathematics');
  await page.keyboard.press('Tab');
  await page.keyboard.type('7');
  await expect(gcse.getByRole('radio', { name: '7', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(gcse.getByLabel(/^Year/)).toBeFocused();
  await page.keyboard.type('2024');
  await page.keyboard.press('Enter');
  // Done, and on to the next 'Add' control: the qualifications group's first type.
  await expect(page.getByRole('heading', { name: 'GCSE qualification 1: GCSE' })).toBeVisible();
  const addALevel = page.getByRole('group', { name: 'Add a qualification', exact: true }).getByRole('button', { name: 'Add A Level', exact: true });
  await expect(addALevel).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();

  await page.keyboard.press('Enter');
  const aLevel = itemEditor(page, 'Qualification 1');
  await expect(aLevel.getByLabel('Type of qualification')).toHaveValue('ALEVEL');
  await expect(aLevel.getByLabel('Subject')).toBeFocused();
  await page.keyboard.type('Physics');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a');
  await expect(aLevel.getByRole('radio', { name: 'A', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('2025');
  await expectNoAxeViolations(page, { landmarks: true, label: 'step 2 with an item open' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Qualification 1: A Level' })).toBeVisible();
  await expect(page.getByText('Physics, A, 2025')).toBeVisible();
  await expect(addALevel).toBeFocused();
  await expectNoAxeViolations(page, { landmarks: true, label: 'step 2 with items done' });
});
