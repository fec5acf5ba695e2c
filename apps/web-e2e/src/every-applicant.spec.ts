import { expect, test, type Page } from '@playwright/test';
import { addQualification, answer, answerStep1No, fillDateOfBirth, submitApplication, uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { signIn, submitByPhone } from './support/desk';
import { emailTo } from './support/mail';

/**
 * Applicants from every UK nation and abroad decided right on Computer Science [G400] (Sciences
 * school: 5 GCSE-level subjects incl. English and Mathematics at 4/C or an equivalent; accepted 112,
 * advertised 128; automatic offer and rejection): a Scottish and an Irish caller taken by phone and
 * filed as offers, a public Irish applicant offered at once in writing, and a public CBSE applicant
 * below the tariff left to a person (S), never rejected unseen.
 */

type Item = { type: Parameters<typeof addQualification>[2]; subject: string; grade: string };

/** Step 1 and 2 of G400 with the given nationality and qualifications, arriving at the submit step. */
async function fillForm(
  page: Page,
  { email, name2, nationality, gcseLevel, qualifications }: { email: string; name2: string; nationality: string; gcseLevel: Item[]; qualifications: Item[] },
) {
  await page.goto('/apply/G400/personal-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await page.getByLabel('Given name', { exact: true }).fill('Morgan');
  await page.getByLabel('Family name', { exact: true }).fill(name2);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await fillDateOfBirth(page, ['3', '9', '2006']);
  await page.getByLabel('Telephone number', { exact: true }).fill('07700 900456');
  await page.getByLabel('Nationality').selectOption(nationality);
  await answerStep1No(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
  for (const { type, subject, grade } of gcseLevel) await addQualification(page, 'GCSE qualification', type, { Subject: subject, Grade: grade, Year: '2023' });
  for (const { type, subject, grade } of qualifications) {
    const fields: Record<string, string> = type === 'OTHER' ? { Title: subject, Grade: grade, Year: '2025' } : { Subject: subject, Grade: grade, Year: '2025' };
    await addQualification(page, 'Qualification', type, fields);
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
}

const SCOTTISH = {
  gcseLevel: (['English', 'Mathematics', 'Physics', 'Chemistry', 'Biology'] as const).map((subject, i) => ({
    type: 'SCOTTISH_NATIONAL_5' as const,
    subject,
    grade: ['C', 'B', 'A', 'B', 'B'][i] as string,
  })),
  // Highers A A B B (33 + 33 + 27 + 27) and Advanced Higher Mathematics B (48): 168 points.
  qualifications: [
    { type: 'SCOTTISH_HIGHER' as const, subject: 'Mathematics', grade: 'A' },
    { type: 'SCOTTISH_HIGHER' as const, subject: 'Physics', grade: 'A' },
    { type: 'SCOTTISH_HIGHER' as const, subject: 'Computing Science', grade: 'B' },
    { type: 'SCOTTISH_HIGHER' as const, subject: 'Chemistry', grade: 'B' },
    { type: 'SCOTTISH_ADVANCED_HIGHER' as const, subject: 'Mathematics', grade: 'B' },
  ],
};

// Higher H3 H2 H2 H3 H3 H4 (24 + 30 + 30 + 24 + 24 + 18): 150 points; English and Mathematics at Higher level.
const IRISH = {
  gcseLevel: [],
  qualifications: (['English', 'Mathematics', 'Physics', 'Chemistry', 'Biology', 'Irish'] as const).map((subject, i) => ({
    type: 'IRISH_LC_HIGHER' as const,
    subject,
    grade: ['H3', 'H2', 'H2', 'H3', 'H3', 'H4'][i] as string,
  })),
};

test.describe('Every applicant decided right', () => {
  test.setTimeout(150_000);

  test('a Scottish caller (Highers, Advanced Higher, National 5s) and an Irish caller are filed as offers by phone @phone', async ({ page }) => {
    await signIn(page, 'backoffice');
    for (const [caller, points] of [
      [{ ...SCOTTISH, name2: `Macleod${Date.now()}`, nationality: 'GBR' }, '168'],
      [{ ...IRISH, name2: `Byrne${Date.now()}`, nationality: 'IRL' }, '150'],
    ] as const) {
      await fillForm(page, { ...caller, email: uniqueEmail('caller') });
      const total = page.locator('dt', { hasText: 'Total UCAS Points' }).locator('..');
      await expect(total).toContainText(points);
      await expect(page.locator('dt', { hasText: 'Overall Traffic Light' }).locator('..')).toContainText('Green');
      await expect(page.getByText(/GCSE Mathematics at grade 4\/C or above/)).toHaveCount(0);
      await expectNoAxeViolations(page, { label: `submit step, ${caller.nationality} caller` });
      const path = await submitByPhone(page, 'Offer');
      expect(path).toMatch(/^\/applications\//);
      await expect(page.getByText('Offered', { exact: true }).first()).toBeVisible();
    }
  });

  test('a public Irish applicant on an automatic-offer course gets the offer on screen and by email', async ({ page }) => {
    const email = uniqueEmail('irish');
    await fillForm(page, { ...IRISH, email, name2: 'Murphy', nationality: 'IRL' });
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
    const mail = await emailTo(email, /Good News!/);
    expect(mail.text).toContain('Computer Science');
    await expectNoAxeViolations(page);
  });

  test('a public CBSE applicant below the tariff is submitted for a person (S), not rejected', async ({ page }) => {
    await fillForm(page, {
      email: uniqueEmail('cbse'),
      name2: 'Sharma',
      nationality: 'IND',
      gcseLevel: [],
      qualifications: [{ type: 'OTHER', subject: 'CBSE Class XII', grade: '78%' }],
    });
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Please call our Clearing team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unfortunately, you do not meet the requirements for this course' })).toHaveCount(0);
  });
});
