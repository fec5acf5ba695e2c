import { expect, test, type Page } from '@playwright/test';
import { gotoServerRendered, itemEditor, uniqueEmail } from './support/apply';
import { chooseInFocusedSelect, tabTo, typeIntoFocused } from './support/keyboard';

/** Fills the field at `label` using only Tab and typing. */
async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await tabTo(page, field);
  await typeIntoFocused(page, text);
}

/** Answers an unanswered yes/no question 'No': Tab to its first radio (Yes), then ArrowRight checks No. */
async function answerNoByKeyboard(page: Page, question: string) {
  const group = page.getByRole('group', { name: question, exact: true });
  await tabTo(page, group.getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'No' })).toBeChecked();
}

/** Adds an item with the keyboard: the Add button, then the type and each field in tab order, then Done. */
async function addItemByKeyboard(page: Page, group: 'Qualification' | 'GCSE qualification', n: number, type: string, values: [string, string, string]) {
  const add = page.getByRole('button', { name: group === 'Qualification' ? 'Add a qualification' : 'Add a GCSE qualification' });
  // After a done GCSE focus is on the next group's Add control, just after this one: Shift+Tab goes back.
  await tabTo(page, add, { backwards: group === 'GCSE qualification' && n > 1 });
  await page.keyboard.press('Enter');
  const editor = itemEditor(page, `${group} ${n}`);
  const typeSelect = editor.getByLabel('Type of qualification');
  if (n === 1) {
    await expect(typeSelect).toBeFocused();
    await chooseInFocusedSelect(page, typeSelect, type);
    await page.keyboard.press('Tab');
  } else {
    // Another item starts as the last one (its type and year): focus is on its subject.
    await expect(typeSelect).toHaveValue(type);
    await expect(editor.getByLabel('Subject')).toBeFocused();
  }
  // Subjects are typed: GCSE-group ones free text with suggestions (domain.md), A levels' from their list (a datalist).
  await typeIntoFocused(page, values[0]);
  await expect(editor.getByLabel('Subject')).toHaveValue(values[0]);
  await page.keyboard.press('Tab');
  // The grade's radios: Tab reaches the first; typing the grade checks it ('A' gives A, then '*' A*).
  const grade = editor.getByRole('group', { name: 'Grade', exact: true });
  await expect(grade.getByRole('radio').first()).toBeFocused();
  await page.keyboard.type(values[1]);
  await expect(grade.getByRole('radio', { name: values[1], exact: true })).toBeChecked();
  await expect(grade.getByRole('radio', { name: values[1], exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(editor.getByLabel('Year')).toBeFocused();
  await typeIntoFocused(page, values[2]);
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: `Done with ${group.toLowerCase()} ${n}` })).toBeFocused();
  await page.keyboard.press('Enter');
  // Done moves on to the next 'Add' control: after a GCSE the qualifications group's, after a qualification its own.
  await expect(page.getByRole('heading', { name: new RegExp(`^${group} ${n}:`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a qualification' })).toBeFocused();
}

test('a whole application with the keyboard only @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoServerRendered(page, '/apply/G400');
  await tabTo(page, page.getByRole('link', { name: 'Start application' }));
  await page.keyboard.press('Enter');

  // Step 1: focus starts on the heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeFocused();
  await typeInto(page, 'Given name', 'Kai');
  // The focused field shows a visible focus indicator.
  const outline = await page.getByLabel('Given name').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await typeInto(page, 'Family name', 'Keyboard');
  await typeInto(page, 'Email address', uniqueEmail('keyboard'));
  await typeInto(page, 'Day', '3');
  await typeInto(page, 'Month', '9');
  await typeInto(page, 'Year', '2001');
  await typeInto(page, 'Telephone number', '07700 900456');
  const nationality = page.getByLabel('Nationality');
  await tabTo(page, nationality);
  await chooseInFocusedSelect(page, nationality, 'GBR');
  // A yes/no question starts unanswered (spec section 5): Tab reaches its first radio, Space answers, arrow keys change the answer.
  const ucasGroup = page.getByRole('group', { name: 'Have you applied to university through UCAS this year?' });
  await tabTo(page, ucasGroup.getByRole('radio', { name: 'Yes' }));
  await expect(ucasGroup.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(ucasGroup.getByRole('radio', { name: 'Yes' })).toBeChecked();
  // A UCAS Personal ID of its own, so the other project's run is not a duplicate.
  await typeInto(page, 'UCAS Personal ID (optional)', String(Date.now()).slice(-10));
  await answerNoByKeyboard(page, 'Have you studied at City, University of London before?');
  await answerNoByKeyboard(page, 'Have you applied to City, University of London before?');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 2: GCSEs and A levels.
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answerNoByKeyboard(page, 'Have you studied at a university before?');
  const gcses: Array<[string, string]> = [
    ['English Language', '5'],
    ['Mathematics', '5'],
    ['Physics', '6'],
    ['Chemistry', '6'],
    ['Biology', '6'],
  ];
  for (const [i, [subject, grade]] of gcses.entries()) await addItemByKeyboard(page, 'GCSE qualification', i + 1, 'GCSE', [subject, grade, '2021']);
  const alevels: Array<[string, string]> = [
    ['Mathematics', 'A*'],
    ['Physics', 'A'],
    ['Computer Science', 'B'],
    ['Chemistry', 'E'],
  ];
  for (const [i, [subject, grade]] of alevels.entries()) await addItemByKeyboard(page, 'Qualification', i + 1, 'ALEVEL', [subject, grade, '2023']);

  // Remove the fourth A level through the dialog, by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Remove qualification 4' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to remove qualification 4?' });
  // The dialog focuses its primary action.
  await expect(dialog.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove qualification 4' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Qualification 4:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a qualification' })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 3: submit and confirm.
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeFocused();
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await expect(submit).toBeEnabled();
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
  // Enter confirms: the primary action has focus.
  await expect(confirm.getByRole('button', { name: 'Yes, submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible({ timeout: 20_000 });
});
