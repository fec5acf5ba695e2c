import { expect, type Page } from '@playwright/test';
import { addALevels, addFiveGcses, answer, answerStep1No, fillDateOfBirth, uniqueEmail } from './apply';

/** Every demo account's password (README "Staff sign-in"). */
export const DEMO_PASSWORD = 'Results-Day-2025';

/** Signs a demo staff account in at /staff and waits for the header's 'Sign out'. */
export async function signIn(page: Page, username: string) {
  await page.goto('/staff');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * An Administrator's Settings page: puts `advisers` on shift in the hour of `label` ('Advisers on
 * Thursday 14 August from 09:00': the days are the service's, on the stack's clock) and saves.
 */
export async function putOnShift(page: Page, label: string, advisers: string) {
  await page.goto('/staff/settings');
  const shifts = page.getByRole('region', { name: 'Advisers on shift for booked calls' });
  // A lazy staff chunk on a shared machine.
  await expect(shifts.getByLabel(label)).toBeVisible({ timeout: 30_000 });
  await shifts.getByLabel(label).fill(advisers);
  await shifts.getByRole('button', { name: 'Save advisers on shift' }).click();
  await expect(shifts.getByText('Advisers on shift saved.')).toBeVisible();
  await expect(shifts.getByLabel(label)).toHaveValue(advisers);
}

/** Answer of the next 'Next call' (POST /api/admin/queue/next) after `action`. */
export async function nextCallAnswer(page: Page, action: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/queue/next') && r.request().method() === 'POST');
  await action();
  const response = await answered;
  expect(response.status()).toBe(200);
  return (await response.json()) as { item: { kind: string; STUDENT_ID: string; UCAS_CODE: string } | null };
}

/**
 * Signs out from the header and waits for the signed-out state: the logout answered and the
 * sign-in screen shown. A sign-in started before that races the logout (the old session's cookie
 * still travels, and the logout's answer can clear the new one).
 */
export async function signOut(page: Page) {
  const answered = page.waitForResponse((response) => response.url().includes('/api/admin/auth/logout') && response.request().method() === 'PUT');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  expect((await answered).status()).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
}

/** A caller taken by phone: unique family name and email per test, so reruns are never duplicates. */
export type Caller = {
  /** UCAS code of the course, e.g. 'G400'. */
  course: string;
  name2: string;
  nationality?: string;
  /** [day, month, year]. */
  dob?: [string, string, string];
  /** A level grades of Mathematics, Physics and Computer Science. */
  grades: [string, string, string];
  secondYear?: boolean;
  /** The caller's email (default: a unique one). */
  email?: string;
};

/**
 * Fills the application form as an adviser on the phone (steps 1 and 2: an adult, five GCSEs and
 * three A levels unless told otherwise) and arrives at the submit step.
 */
export async function fillCallerApplication(page: Page, caller: Caller) {
  const { course, name2, nationality = 'GBR', dob = ['14', '5', '2000'], grades, secondYear = false, email = uniqueEmail('scripts') } = caller;
  await page.goto(`/apply/${course}/personal-details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await page.getByLabel('Given name', { exact: true }).fill('Amara');
  await page.getByLabel('Family name', { exact: true }).fill(name2);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await fillDateOfBirth(page, dob);
  await page.getByLabel('Telephone number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Nationality').selectOption(nationality);
  await answerStep1No(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
  if (secondYear) await page.getByLabel('Which year of the course do you want to start in?').selectOption('1');
  await addFiveGcses(page);
  await addALevels(page, grades);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
}

/**
 * Presses the submit button named `button` (the assessment's, e.g. 'Offer'), confirms, and waits
 * for the stored application's edit screen; returns its path.
 */
export async function submitByPhone(page: Page, button: string) {
  const submit = page.getByRole('button', { name: new RegExp(`^${button}( \\(save\\))?$`) });
  await expect(submit).toBeEnabled();
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page).toHaveURL(/\/applications\/[^/]+\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  return new URL(page.url()).pathname;
}
