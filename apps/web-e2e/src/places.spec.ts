import { PLACES_MESSAGES, XSRF_COOKIE } from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './support/apply';
import { fillCallerApplication, signIn } from './support/desk';

/**
 * Against the real stack: the last place of a course goes while an adviser has the
 * form open (a public applicant takes it through the public route); the adviser's offer is
 * refused with why, the form warns, and O (Offer) is no longer among the buttons on re-assessment.
 */

/** Economics BSc: automatic offers to a green public application; no other browser test applies to it. */
const COURSE = 'L100';

type CourseLedger = { CLEARING_PLACES: number; OFFER_ALLOWANCE: number; VACANCIES_INTERNAL: number };

/** The value of the gateway's XSRF cookie in a context: what the web app sends as `token`. */
async function xsrfToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === XSRF_COOKIE);
  return cookie ? decodeURIComponent(cookie.value) : '';
}

const readLedger = async (admin: Page): Promise<CourseLedger> => {
  const response = await admin.request.get(`/api/admin/courses/${COURSE}?_=${Date.now()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { courseData: CourseLedger }).courseData;
};

/**
 * As an Administrator (course control's PUT), leaves exactly one place on COURSE: Clearing places =
 * the offers that count + 1 at allowance 1.00. The stack keeps its data across repeats, so the
 * offers are read first; waits for the projection (VACANCIES_INTERNAL 1), never for a time.
 */
async function leaveOnePlace(admin: Page) {
  const before = await readLedger(admin);
  const offers = Math.floor(before.CLEARING_PLACES * before.OFFER_ALLOWANCE) - before.VACANCIES_INTERNAL;
  const token = await xsrfToken(admin.context());
  const saved = await admin.request.put(`/api/admin/courses/${COURSE}`, { data: { data: { CLEARING_PLACES: offers + 1, OFFER_ALLOWANCE: 1 }, token } });
  expect(saved.status()).toBe(200);
  await expect.poll(async () => (await readLedger(admin)).VACANCIES_INTERNAL).toBe(1);
}

/** A public applicant (a context of their own, no staff session) applies through POST /api/apply/{course}: a green form, offered at once. */
async function publicApplicantTakesAPlace(context: BrowserContext) {
  expect((await context.request.get('/api/ping')).status()).toBe(200);
  const form = createApplicationForm({
    NAME2: `Public${Date.now()}`,
    EMAIL: uniqueEmail('places'),
    UCAS_PERSONAL_ID: String(7_000_000_000 + Math.floor(Math.random() * 999_999_999)),
    GCSE_QUALIFICATIONS: FIVE_GCSES,
  });
  const response = await context.request.post(`/api/apply/${COURSE}`, { data: { data: form, token: await xsrfToken(context) } });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { confirmed_status: string }).confirmed_status).toBe('O');
}

test.describe('Places that hold', () => {
  test('the last place goes while an adviser has the form open: the offer is refused with why, and O leaves the buttons @phone', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const adminContext = await browser.newContext();
    const publicContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin');
      await leaveOnePlace(admin);

      await signIn(page, 'backoffice');
      await fillCallerApplication(page, { course: COURSE, name2: `Lastplace${Date.now()}`, grades: ['A*', 'A', 'A'] });
      const offer = page.getByRole('button', { name: 'Offer (save)' });
      await expect(offer).toBeEnabled();
      await expect(page.getByText(PLACES_MESSAGES.NO_PLACES_STAFF_WARNING)).toHaveCount(0);

      // Meanwhile another applicant takes the last place through the public route.
      await publicApplicantTakesAPlace(publicContext);
      await expect.poll(async () => (await readLedger(admin)).VACANCIES_INTERNAL).toBe(0);

      await offer.click();
      await page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' }).getByRole('button', { name: 'Yes, submit' }).click();

      // The adviser is told why, the Review tab warns, and the re-assessment has no O: the caller is referred or pooled.
      await expect(page.getByText(PLACES_MESSAGES.NO_PLACE_LEFT, { exact: true })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: PLACES_MESSAGES.NO_PLACES_STAFF_WARNING })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Offer/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Refer (save)' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Pool (save)' })).toBeEnabled();
      await expect(page).toHaveURL(new RegExp(`/apply/${COURSE}/submit$`));
    } finally {
      await adminContext.close();
      await publicContext.close();
    }
  });
});
