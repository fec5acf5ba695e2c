import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { addALevels, addFiveGcses, answer, answerStep1No, uniqueEmail } from './support/apply';
import { signIn, signOut } from './support/desk';

/**
 * The applications desk against the real stack: a demo Back Office adviser takes an
 * application by phone, finds it, edits it, changes its status with the role's buttons and logs an
 * outbound call, each step in the history log; a Front Office user cannot edit a referred one
 * (screen and API). Listing and edit screen are axe-clean at desktop and phone (390×844) sizes.
 */
/** Takes a G400 application by phone with a unique name; returns the edit screen's path. */
async function takeByPhone(page: Page, name2: string, button: RegExp) {
  await page.goto('/apply/G400/personal-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find the caller' })).toBeVisible();
  await page.getByLabel('Given name', { exact: true }).fill('Amara');
  await page.getByLabel('Family name', { exact: true }).fill(name2);
  await page.getByLabel('Email address', { exact: true }).fill(uniqueEmail('desk'));
  await page.getByLabel('Date of birth', { exact: true }).fill('14/5/2000');
  await page.getByLabel('Telephone number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Nationality').selectOption('GBR');
  await answerStep1No(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await answer(page, 'PREVIOUS_UNI_STUDY', 'No');
  await addFiveGcses(page);
  await addALevels(page, ['A*', 'A', 'B']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
  const submit = page.getByRole('button', { name: button });
  await expect(submit).toBeEnabled();
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
  await dialog.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page).toHaveURL(/\/applications\/[^/]+\/G400$/, { timeout: 20_000 });
  return new URL(page.url()).pathname;
}

/** The listing searched for `q`, waiting for this search's own rows. */
async function search(page: Page, q: string) {
  await page.goto('/applications');
  await page.getByRole('searchbox', { name: 'Search' }).fill(q);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q)}`));
  await expect(page.getByText(/^\d+ applications? found$/)).toBeVisible();
}

test.describe('Applications desk', () => {
  test.setTimeout(120_000);

  test('a Back Office adviser takes an application by phone, finds it, edits it, sets its status and logs an outbound call', async ({ page }) => {
    const name2 = `Deskcaller${Date.now()}`;
    await signIn(page, 'backoffice');
    const editPath = await takeByPhone(page, name2, /^Refer/);
    const [, , studentId] = editPath.split('/');

    // Find it by name (accents and case do not matter) and by its ids.
    await search(page, name2.toLowerCase());
    const row = page.getByRole('row').filter({ hasText: name2 });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Referred')).toBeVisible();
    await expect(row.getByRole('link', { name: /^Visa/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await search(page, studentId!);
    await expect(page.getByRole('row').filter({ hasText: name2 })).toHaveCount(1);

    // Edit: the id pair, the form, Back to application listing keeps the search.
    await page.getByRole('row').filter({ hasText: name2 }).getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^Application ${studentId}/`))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Notes', { exact: false }).first().fill('Prefers a call after 3pm.');
    await page
      .getByRole('link', { name: /Submit/ })
      .first()
      .click();
    const offer = page.getByRole('button', { name: 'Offer (save)' });
    await expect(offer).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Refer (save)' })).toHaveClass(/cd-button--selected/);
    await offer.click();
    const change = page.getByRole('dialog', { name: 'Are you sure you want to change the status of this application from Referred to Offered?' });
    await change.getByRole('button', { name: 'Yes, update' }).click();
    await expect(page.getByText(/^Last saved at /)).toBeVisible();

    // Outbound call: grey, then green with a tick; the history log shows each step.
    await page.getByRole('button', { name: 'Outbound Call' }).click();
    const call = page.getByRole('dialog', { name: 'Log an outbound call' });
    await call.getByLabel('Call outcome').selectOption('Called left voicemail');
    await expect(call.getByLabel('Notes')).toHaveAttribute('placeholder', 'Tell us more. Maximum 250 characters.');
    await call.getByLabel('Notes').fill('Will try again at 3pm');
    await call.getByRole('button', { name: 'Save the call' }).click();
    await expect(page.getByRole('button', { name: 'Call Complete' })).toBeVisible();
    const log = page.locator('.cd-call-script__history li');
    await expect(log).toHaveCount(3);
    await expect(log.last()).toContainText('Called left voicemail');

    // The listing's 'Outbound call complete' filter finds it.
    await page.goto(`/applications?q=${name2}&s=c`);
    await expect(page.getByRole('row').filter({ hasText: name2 })).toHaveCount(1);
    await page.getByRole('row').filter({ hasText: name2 }).getByRole('link', { name: /^Edit/ }).click();
    await page.getByRole('link', { name: 'Back to application listing' }).click();
    await expect(page).toHaveURL(new RegExp(`/applications\\?q=${name2}&s=c`));
  });

  test('a Front Office user cannot edit a referred application, on screen or through the API', async ({ page }) => {
    const name2 = `Referred${Date.now()}`;
    await signIn(page, 'backoffice');
    const editPath = await takeByPhone(page, name2, /^Refer/);
    await signOut(page);
    await signIn(page, 'frontoffice');
    await page.goto(editPath);
    await expect(
      page.getByText('Your role on this course (Front Office) can edit only public submissions (status S), so this application is read-only.'),
    ).toBeVisible();
    await expect(page.getByLabel('Given name', { exact: true })).toBeDisabled();
    // The API refuses it too: the stored form sent back unchanged, as the screen would send it.
    const status = await page.evaluate(async (path) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const stored = (await (await fetch(`/api/admin${path}?_=${Date.now()}`)).json()) as { applicationData: Record<string, unknown> };
      const fields = [
        'NAME1',
        'NAME2',
        'EMAIL',
        'APPLIED_TO_UCAS',
        'UCAS_PERSONAL_ID',
        'APPLIED_TO_UNIGO',
        'NATIONALITY',
        'VISA_TYPE',
        'TEL1',
        'TEL2',
        'PREVIOUSLY_STUDIED_AT_CITY',
        'PREVIOUSLY_APPLIED_TO_CITY',
        'DOB',
        'POSTCODE',
        'NOTES',
        'SECOND_YEAR_ENTRY',
        'PREVIOUS_UNI_STUDY',
        'PREVIOUS_STUDY_NOTES',
        'GCSE_QUALIFICATIONS',
        'QUALIFICATIONS',
      ];
      const data: Record<string, unknown> = { STATUS: 'R' };
      for (const field of fields) if (stored.applicationData[field] !== undefined) data[field] = stored.applicationData[field];
      const response = await fetch(`/api/admin${path}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data, token }),
      });
      return response.status;
    }, editPath);
    expect(status).toBe(403);
  });

  test('the listing, the edit screen and the visa screen at phone size (390×844) are axe-clean @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name2 = `Phonesize${Date.now()}`;
    await signIn(page, 'backoffice');
    const editPath = await takeByPhone(page, name2, /^Refer/);
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await page.screenshot({ path: '../../tmp/screenshots/application-edit-390.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.goto(`${editPath}/submit`);
    await expect(page.getByRole('button', { name: 'Refer', exact: true })).toBeVisible();
    await page.screenshot({ path: '../../tmp/screenshots/application-edit-submit-390.png', fullPage: true });
    await expectNoAxeViolations(page);

    await search(page, name2);
    await expect(page.getByRole('row').filter({ hasText: name2 })).toHaveCount(1);
    await page.screenshot({ path: '../../tmp/screenshots/applications-listing-390.png', fullPage: true });
    await expectNoAxeViolations(page);

    await page.goto(editPath.replace('/applications/', '/visa/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Visas have been moved to the City Admin Portal.' })).toBeVisible();
    await page.screenshot({ path: '../../tmp/screenshots/visa-390.png', fullPage: true });
    await expectNoAxeViolations(page);
  });
});
