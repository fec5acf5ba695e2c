import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { itemEditor } from './support/apply';
import { fillCallerApplication, signIn, submitByPhone } from './support/desk';

/**
 * Every staff screen is axe-clean (WCAG 2.2 AA, and no duplicated or unnamed landmark) at desk
 * size and at phone size: the applications listing, a phone application's tabs
 * (with a qualification open from the type buttons, the remove, submit and leave dialogs), the
 * edit screen's tabs after saving (its Submit tab shows the script twice: the panel's and the
 * Review tab's) with its status change and outbound call dialogs, the visa screen, the staff course search, course control, figures, settings, the
 * training scenarios with a training call and the trainees' progress. The demo Administrator sees
 * every one of them.
 */
const screens = async (page: Page, label: string) => {
  await expectNoAxeViolations(page, { landmarks: true, label });
};

test('every staff screen passes axe with unique landmarks @phone', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin');

  // A phone application: each tab, with the feedback panel and the status buttons' scripts.
  await page.goto('/apply/G400/personal-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await screens(page, 'phone application: personal details');
  await fillCallerApplication(page, { course: 'G400', name2: `Axecaller${Date.now()}`, grades: ['A*', 'A', 'B'] });
  await screens(page, 'phone application: submit');
  await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: 'Step 2 Qualifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await screens(page, 'phone application: qualifications');
  // An item open from the adviser's type buttons, and the remove dialog.
  await page.getByRole('group', { name: 'Add a qualification', exact: true }).getByRole('button', { name: 'Add A Level', exact: true }).click();
  await expect(itemEditor(page, 'Qualification 4').getByLabel('Subject')).toBeFocused();
  await screens(page, 'phone application: a qualification open');
  await itemEditor(page, 'Qualification 4').getByRole('button', { name: 'Remove qualification 4' }).click();
  const remove = page.getByRole('dialog', { name: 'Are you sure you want to remove qualification 4?' });
  await expect(remove.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await screens(page, 'phone application: remove dialog');
  await remove.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(itemEditor(page, 'Qualification 4')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: 'Step 3 Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
  // The submit confirmation dialog, then cancelled ('No, go back') to save below.
  const offer = page.getByRole('button', { name: 'Offer (save)', exact: true });
  await expect(offer).toBeEnabled();
  await offer.click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
  await expect(confirm.getByRole('button', { name: 'Yes, submit' })).toBeFocused();
  await screens(page, 'phone application: submit dialog');
  await confirm.getByRole('button', { name: 'No, go back' }).click();
  await expect(confirm).toBeHidden();
  // Leaving the unsaved call: the leave dialog, then stay.
  await page.getByRole('contentinfo').getByRole('link').first().click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave this application?' });
  await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeVisible();
  await screens(page, 'phone application: leave dialog');
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();

  // Saved: the edit screen with 'Saved', then each of its tabs.
  const editPath = await submitByPhone(page, 'Offer');
  await screens(page, 'edit: saved');
  for (const [step, heading] of [
    ['personal-details', 'Step 1: Personal details'],
    ['qualifications', 'Step 2: Qualifications'],
    ['submit', 'Step 3: Submit'],
  ] as const) {
    await page.goto(`${editPath}/${step}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await screens(page, `edit: ${step}`);
  }
  // The edit screen's dialogs (on its Submit tab): a status change, and an outbound call; Escape closes each.
  await page.getByRole('button', { name: /^Refer( \(save\))?$/ }).click();
  const change = page.getByRole('dialog', { name: 'Are you sure you want to change the status of this application from Offered to Referred?' });
  await expect(change).toBeVisible();
  await screens(page, 'edit: status change dialog');
  await page.keyboard.press('Escape');
  await expect(change).toBeHidden();
  await page.getByRole('button', { name: 'Outbound Call' }).click();
  const call = page.getByRole('dialog', { name: 'Log an outbound call' });
  await expect(call).toBeVisible();
  await screens(page, 'edit: outbound call dialog');
  await page.keyboard.press('Escape');
  await expect(call).toBeHidden();
  const [, , studentId, ucasCode] = editPath.split('/');
  await page.goto(`/visa/${studentId}/${ucasCode}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screens(page, 'visa');

  // The listing, searched for that caller.
  await page.goto('/applications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await screens(page, 'listing');

  for (const [path, label] of [
    ['/staff', 'staff course search'],
    ['/staff/courses/G400', 'course control'],
    ['/staff/figures', 'figures'],
    ['/staff/settings', 'settings'],
    ['/staff/scenarios', 'scenarios'],
    ['/staff/scenarios/progress', 'scenario progress'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.cd-spinner')).toHaveCount(0);
    await screens(page, label);
  }

  // A training call's first step, with its stage directions.
  await page.goto('/staff/scenarios');
  await page.getByRole('link', { name: 'Start training call' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await screens(page, 'training call');
});
