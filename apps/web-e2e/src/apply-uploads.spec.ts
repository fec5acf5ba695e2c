import { writeFile } from 'node:fs/promises';
import { documentLabel, fileVirusText } from '@clearing-desk/contracts';
import { createEicarTestFile, createSampleDocument } from '@clearing-desk/contracts/testing';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { addALevels, addFiveGcses, answer, fillPersonalDetails, submitApplication, uniqueEmail } from './support/apply';

const FIRST = documentLabel('ALEVELS', 1); // 'A levels / BTEC / IB document 1'
const SECOND = documentLabel('ALEVELS', 2);

/**
 * Document uploads on Computer Science [G400] (DOCUMENT_TYPES 'ALEVELS,GCSE5') through the real
 * stack: files-svc scans every file with clamd (the EICAR-only signature database of
 * tools/clamav), the submission binds the uploaded file to the application, the review page lists it.
 */
test('uploads a clean PDF, refuses the EICAR test file with the virus text, submits and lists the document @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const results = testInfo.outputPath('results.pdf');
  const eicar = testInfo.outputPath('eicar.pdf');
  await writeFile(results, createSampleDocument('pdf'));
  await writeFile(eicar, createEicarTestFile()); // the 68-byte EICAR anti-virus test string

  await page.goto('/apply/G400/personal-details');
  await fillPersonalDetails(page, { email: uniqueEmail('uploads') });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
  await addFiveGcses(page);
  await addALevels(page, ['A*', 'A', 'B']);

  const aLevels = page.getByRole('group', { name: 'A levels / BTEC / IB documents' });
  await aLevels.getByLabel(FIRST, { exact: true }).setInputFiles(results);
  const first = page.locator('#ALEVELS_DOCUMENT_1');
  await expect(first.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(first).toContainText(`${FIRST}: results.pdf`);

  await aLevels.getByLabel(SECOND, { exact: true }).setInputFiles(eicar);
  const virusText =
    "'A levels / BTEC / IB document 2' - The document you provided could not be uploaded because it contained a virus. Please check the document and try again.";
  expect(fileVirusText(SECOND)).toBe(virusText);
  await expect(page.locator('#ALEVELS_DOCUMENT_2').getByText(virusText)).toBeVisible({ timeout: 20_000 });
  // Step 2's Next stays on the step and lists it in the error summary too, linking to the file.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('link', { name: virusText })).toHaveAttribute('href', '#ALEVELS_DOCUMENT_2');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: `Remove ${SECOND}` }).click();
  await expect(page.getByText(virusText)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
  await expect(page.getByText('A levels / BTEC / IB: results.pdf')).toBeVisible();
  await submitApplication(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();

  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your application details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Documents' })).toBeVisible();
  await expect(page.getByText(/^A levels \/ BTEC \/ IB: results\.pdf \(\d/)).toBeVisible();
  await expectNoAxeViolations(page);
});
