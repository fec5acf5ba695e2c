import { APP_STARTED_ATTRIBUTE, QUALIFICATION_CATALOGUE, type QualificationCode } from '@clearing-desk/contracts';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a page the gateway renders on the server (a course page) and waits until the app has
 * taken it over: the app marks `<html>` with APP_STARTED_ATTRIBUTE as it mounts. Until then its
 * links are plain links (a full page load) and nothing on it answers the keyboard the app's way.
 */
export async function gotoServerRendered(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}="true"]`)).toBeAttached();
}

/** A unique email per test run, so no run is a duplicate of another (the stack keeps its data). */
export const uniqueEmail = (label: string): string => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

export type Applicant = { email: string; name1?: string; name2?: string; dob?: [string, string, string] };

/** The required yes/no questions (spec section 5), by their legends; they start unanswered. */
export const YES_NO_QUESTIONS = {
  APPLIED_TO_UCAS: 'Have you applied to university through UCAS this year?',
  PREVIOUSLY_STUDIED_AT_CITY: 'Have you studied at City, University of London before?',
  PREVIOUSLY_APPLIED_TO_CITY: 'Have you applied to City, University of London before?',
  PREVIOUS_UNI_STUDY: 'Have you studied at a university before?',
} as const;

/** Answers a yes/no question by clicking its radio. */
export async function answer(page: Page, question: keyof typeof YES_NO_QUESTIONS, choice: 'Yes' | 'No') {
  await page.getByRole('group', { name: YES_NO_QUESTIONS[question], exact: true }).getByRole('radio', { name: choice, exact: true }).check();
}

/** Step 1's three required yes/no questions, answered 'No' (not applied through UCAS, new to City). */
export async function answerStep1No(page: Page) {
  await answer(page, 'APPLIED_TO_UCAS', 'No');
  await answer(page, 'PREVIOUSLY_STUDIED_AT_CITY', 'No');
  await answer(page, 'PREVIOUSLY_APPLIED_TO_CITY', 'No');
}

/**
 * The date of birth ([day, month, year]): the public form's three boxes, or the one box an adviser
 * types it in, day first ('14/5/2000').
 */
export async function fillDateOfBirth(page: Page, [day, month, year]: [string, string, string]) {
  const oneBox = page.getByRole('textbox', { name: 'Date of birth', exact: true });
  if ((await oneBox.count()) > 0) return oneBox.fill(`${day}/${month}/${year}`);
  await page.getByLabel('Day').fill(day);
  await page.getByLabel('Month').fill(month);
  await page.getByLabel('Year', { exact: true }).fill(year);
}

/** Step 1 with an adult UK applicant who has not applied through UCAS. */
export async function fillPersonalDetails(page: Page, { email, name1 = 'Amara', name2 = 'Okafor', dob = ['14', '5', '2000'] }: Applicant) {
  await page.getByLabel('Given name').fill(name1);
  await page.getByLabel('Family name').fill(name2);
  await page.getByLabel('Email address').fill(email);
  await fillDateOfBirth(page, dob);
  await page.getByLabel('Telephone number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Nationality').selectOption('GBR');
  await answerStep1No(page);
}

/** The editor of a group item, named by its legend ('Qualification 2'). */
export const itemEditor = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });

/**
 * Adds an item to a group, fills its fields (label -> value; selects by value, a grade's radios by
 * label) and presses Done. The public form: 'Add', then the type; a staff form: the type's button
 *, else 'Another type' and the type.
 */
export async function addQualification(page: Page, group: 'Qualification' | 'GCSE qualification', type: QualificationCode, fields: Record<string, string>) {
  const addLabel = group === 'Qualification' ? 'Add a qualification' : 'Add a GCSE qualification';
  const count = await page.getByRole('heading', { name: new RegExp(`^${group} \\d+:`) }).count();
  const typeButtons = page.getByRole('group', { name: addLabel, exact: true });
  const typeButton = typeButtons.getByRole('button', { name: `Add ${QUALIFICATION_CATALOGUE[type].label}`, exact: true });
  const byButton = (await typeButton.count()) > 0;
  if (byButton) await typeButton.click();
  else if ((await typeButtons.count()) > 0) await typeButtons.getByRole('button', { name: 'Another type of qualification', exact: true }).click();
  else await page.getByRole('button', { name: addLabel }).click();
  const editor = itemEditor(page, `${group} ${count + 1}`);
  if (!byButton) await editor.getByLabel('Type of qualification').selectOption(type);
  for (const [label, value] of Object.entries(fields)) {
    const radios = editor.getByRole('group', { name: label, exact: true });
    if ((await radios.count()) > 0) {
      await radios.getByRole('radio', { name: value, exact: true }).check();
      continue;
    }
    // Some courses do not need a GCSE's year: its label then says '(optional)'.
    const input = label === 'Year' ? editor.getByLabel(/^Year( \(optional\))?$/) : editor.getByLabel(label, { exact: true });
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
  await editor.getByRole('button', { name: /^Done with/ }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${group} ${count + 1}:`) })).toBeVisible();
}

/** Five GCSEs at 5 or 6 including English Language and Mathematics (the Sciences school asks for 5). */
export async function addFiveGcses(page: Page) {
  for (const [subject, grade] of [
    ['English Language', '5'],
    ['Mathematics', '5'],
    ['Physics', '6'],
    ['Chemistry', '6'],
    ['Biology', '6'],
  ] as const) {
    await addQualification(page, 'GCSE qualification', 'GCSE', { Subject: subject, Grade: grade, Year: '2021' });
  }
}

/** Three A levels with the given grades. */
export async function addALevels(page: Page, grades: [string, string, string]) {
  const subjects = ['Mathematics', 'Physics', 'Computer Science'];
  for (const [i, grade] of grades.entries()) {
    await addQualification(page, 'Qualification', 'ALEVEL', { Subject: subjects[i]!, Grade: grade, Year: '2023' });
  }
}

/** Steps 1 and 2 for G400, arriving at the submit step. */
export async function fillApplication(page: Page, applicant: Applicant, grades: [string, string, string]) {
  await page.goto('/apply/G400/personal-details');
  await fillPersonalDetails(page, applicant);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
  await addFiveGcses(page);
  await addALevels(page, grades);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
}

/** Presses Submit and confirms; waits for the confirmation URL. */
export async function submitApplication(page: Page) {
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page).toHaveURL(/\/apply\/G400\/confirmation$/, { timeout: 20_000 });
}
