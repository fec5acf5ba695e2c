import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { addQualification, answer, answerStep1No } from './support/apply';

/**
 * Training scenarios against the real stack and the demo scenarios: a trainee (the demo
 * Back Office Limited user, whom no other spec signs in, so their completions belong to this spec)
 * filters to the female callers on Computer Science (G400): SC001 Priya Raman, a green caller,
 * and SC023 Sophie Turner, a red one. The first call ends with an offer, the expected outcome;
 * the second is referred where a rejection was expected. Nothing is stored as an application.
 * Screens are axe-clean at desktop and phone (Pixel 7) sizes.
 */
const PASSWORD = 'Results-Day-2025';

async function signIn(page: Page, username: string) {
  await page.goto('/staff');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Step 1 with what the caller says (the scenario's own details). */
async function fillCaller(page: Page, caller: { name1: string; name2: string; email: string; dob: [string, string, string]; tel: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await page.getByLabel('Given name', { exact: true }).fill(caller.name1);
  await page.getByLabel('Family name', { exact: true }).fill(caller.name2);
  await page.getByLabel('Email address', { exact: true }).fill(caller.email);
  await page.getByLabel('Date of birth', { exact: true }).fill(caller.dob.join('/'));
  await page.getByLabel('Telephone number', { exact: true }).fill(caller.tel);
  await page.getByLabel('Nationality').selectOption('GBR');
  await answerStep1No(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
}

async function addGcses(page: Page, grades: [english: string, maths: string]) {
  for (const [subject, grade] of [
    ['English Language', grades[0]],
    ['Mathematics', grades[1]],
    ['Combined Science', '6'],
    ['History', '5'],
    ['Geography', '5'],
  ] as const) {
    await addQualification(page, 'GCSE qualification', 'GCSE', { Subject: subject, Grade: grade, Year: '2023' });
  }
}

/** Goes to the submit step, chooses `button` and confirms; waits for the outcome. */
async function submitWith(page: Page, button: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
  const submit = page.getByRole('button', { name: `${button} (save)` });
  await expect(submit).toBeEnabled();
  await submit.click();
  await page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' }).getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Training call outcome' })).toBeFocused();
}

async function markCompleted(page: Page, scenarioId: string) {
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to mark this scenario as completed?' });
  await expect(dialog).toBeVisible();
  // The confirmation is axe clean at desk size and at phone size.
  const desk = page.viewportSize();
  await expectNoAxeViolations(page, { landmarks: true, label: `mark ${scenarioId} completed (desk)` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('button', { name: 'Yes, mark as completed' })).toBeInViewport();
  await expectNoAxeViolations(page, { landmarks: true, label: `mark ${scenarioId} completed (phone)` });
  if (desk) await page.setViewportSize(desk);
  await dialog.getByRole('button', { name: 'Yes, mark as completed' }).click();
  await expect(page.getByText(`Scenario ${scenarioId} marked as completed.`)).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/scenarios\?/);
}

test.describe('Training scenarios', () => {
  test.setTimeout(180_000);

  test('a trainee completes two scenarios in training mode, one with the expected outcome and one without', async ({ page }) => {
    await signIn(page, 'bolimited');
    await page.getByRole('banner').getByRole('link', { name: 'Scenarios' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Training scenarios' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Scenario Details' })).toBeVisible();
    // The department filter never offers HSRM, PSYC or FBUA (spec section 9).
    const departments = await page
      .getByLabel('Department')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(departments).toContain('CMPS');
    for (const excluded of ['HSRM', 'PSYC', 'FBUA']) expect(departments).not.toContain(excluded);

    // Filters go into the URL; the course list follows the department.
    await page.getByLabel('Gender').selectOption('F');
    await page.getByLabel('Department').selectOption('CMPS');
    await page.getByRole('button', { name: 'Show scenario' }).click();
    await expect(page).toHaveURL(/\/staff\/scenarios\?gender=F&dept=CMPS$/);
    await page.getByLabel('Course').selectOption('G400');
    await page.getByRole('button', { name: 'Show scenario' }).click();
    await expect(page).toHaveURL(/\/staff\/scenarios\?gender=F&dept=CMPS&course=G400$/);
    const details = page.getByRole('region', { name: 'Scenario Details' });
    await expect(details.getByText('SC001', { exact: true })).toBeVisible();
    await expect(details.getByText('Priya Raman')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Scenario Instructions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Scenario Script' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Call 1: the green caller, offered (the expected outcome).
    await page.getByRole('link', { name: 'Start training call' }).click();
    const panel = page.getByRole('complementary', { name: 'Feedback and call script' });
    await expect(panel.getByRole('heading', { name: 'Stage directions' })).toBeVisible();
    await expect(
      panel.getByText(/^This is a training call for scenario SC001 \(Priya Raman\)\. Before we start, please confirm your full name and your date of birth\./),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await fillCaller(page, { name1: 'Priya', name2: 'Raman', email: 'priya.raman@example.com', dob: ['14', '3', '2006'], tel: '07700 900107' });
    await addGcses(page, ['7', '8']);
    for (const [subject, grade] of [
      ['Mathematics', 'A'],
      ['Computer Science', 'A'],
      ['Physics', 'B'],
    ] as const) {
      await addQualification(page, 'Qualification', 'ALEVEL', { Subject: subject, Grade: grade, Year: '2025' });
    }
    await submitWith(page, 'Offer');
    await expect(page.getByText('The status you chose matches the scenario’s expected outcome.')).toBeVisible();
    await expect(page.getByText('Offered (O)', { exact: true })).toBeVisible();
    await expect(page.getByText(/^I am pleased to make you an offer for Computer Science\./)).toBeVisible();
    await page.screenshot({ path: '../../tmp/screenshots/scenario-outcome-desktop.png', fullPage: true });
    await expectNoAxeViolations(page);
    await markCompleted(page, 'SC001');

    // The next scenario loads: the red caller, referred where a rejection was expected.
    await expect(details.getByText('Sophie Turner')).toBeVisible();
    await page.getByRole('link', { name: 'Start training call' }).click();
    await fillCaller(page, { name1: 'Sophie', name2: 'Turner', email: 'sophie.turner@example.com', dob: ['6', '6', '2005'], tel: '07700 900261' });
    await addGcses(page, ['5', '5']);
    await addQualification(page, 'Qualification', 'BTEC_EXTENDED_DIPLOMA', { Subject: 'Information Technology', Grade: 'MPP', Year: '2025' });
    await submitWith(page, 'Refer');
    await expect(page.getByText('The status you chose does not match the scenario’s expected outcome.')).toBeVisible();
    await expect(page.getByText('Rejected (X)', { exact: true })).toBeVisible();
    await markCompleted(page, 'SC023');
    await expect(page.getByText('No scenario found.')).toBeVisible();

    // No training call is stored: the listing does not know these callers.
    await page.goto('/applications?q=Raman');
    await expect(page.getByText('No results')).toBeVisible();
  });

  test('the scenario screen, a training call and the progress view at phone size are axe-clean @phone', async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto('/staff/scenarios?dept=LAWS');
    await expect(page.getByRole('heading', { name: 'Scenario Details' })).toBeVisible();
    await page.screenshot({ path: `../../tmp/screenshots/scenarios-${test.info().project.name}.png`, fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Start training call' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stage directions' })).toBeVisible();
    await page.screenshot({ path: `../../tmp/screenshots/scenario-training-${test.info().project.name}.png`, fullPage: true });
    await expectNoAxeViolations(page);

    await page.goto('/staff/scenarios/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'Trainee progress' })).toBeVisible();
    await expect(page.getByRole('table').first().or(page.getByText('No trainee has completed a scenario yet.'))).toBeVisible();
    await page.screenshot({ path: `../../tmp/screenshots/scenario-progress-${test.info().project.name}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  });
});
