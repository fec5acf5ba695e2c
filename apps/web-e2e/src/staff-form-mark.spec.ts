import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { addALevels, addFiveGcses, answer, answerStep1No, fillDateOfBirth, uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, signIn } from './support/desk';

/**
 * A staff form stays a staff form through reloads and sign-outs (domain.md 'Staff sessions on
 * results day'), against the real stack at desk and phone size: whose form it is is marked in the
 * tab with its draft, so a reload or a restored tab without a session shows the sign-in over the
 * kept draft, never the public form; the staff buttons stay while the session is renewed; a
 * sign-out asks first when a call is open in another tab and leaves no staff draft in any tab.
 * Each test checks that nothing was filed as public: no POST to the public route, and no stored
 * application of its caller with a 'public:' history row.
 */

const SESSION_COOKIE = 'clearing_session';
const SIGN_IN_DIALOG = 'Your session has ended: sign in to carry on';
const RESUME_BODY = 'The call you were taking is kept in this tab. Once you have signed in, it carries on where you left it.';
const DISCARDED_BODY = 'You signed out in another tab, so the call in progress here was discarded. Sign in to take a call.';
const SIGN_OUT_ELSEWHERE = 'A call is in progress in another tab: sign out and discard it?';
/** The staff form's student search (the public form has none). */
const STAFF_FORM_MARK = 'Find the caller';

/** Records POSTs to the public submit route (POST /api/apply/{course}) made by `page`. */
function recordPublicPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/apply\/[^/]+$/.test(new URL(request.url()).pathname)) posts.push(request.url());
  });
  return posts;
}

/** The session ends on its own (expired, not signed out): the browser no longer sends its cookie. */
async function dropSessionCookie(context: BrowserContext) {
  await context.clearCookies({ name: SESSION_COOKIE });
}

/** The form's draft keys in the page's tab storage. */
const draftKeys = (page: Page) => page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.includes('draft')));

/** Step 1 of a phone call, as far as the names and email: half an application. */
async function startCall(page: Page, name2: string) {
  await page.goto('/apply/G400/personal-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  await expect(page.getByRole('button', { name: STAFF_FORM_MARK })).toBeVisible();
  await page.getByLabel('Given name', { exact: true }).fill('Amara');
  await page.getByLabel('Family name', { exact: true }).fill(name2);
  await page.getByLabel('Email address', { exact: true }).fill(uniqueEmail('formmark'));
  await page.getByLabel('Family name', { exact: true }).blur();
  await expect.poll(() => draftKeys(page)).not.toEqual([]);
}

/** The rest of the call: step 1's other answers, five GCSEs and A*AB, then the submit step. */
async function finishCall(page: Page) {
  await fillDateOfBirth(page, ['14', '5', '2000']);
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
}

/** Signs in in the dialog over the form. */
async function signInOverForm(page: Page, username: string) {
  const dialog = page.getByRole('alertdialog', { name: SIGN_IN_DIALOG });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Presses Offer, confirms, and waits for the stored application's edit screen (after any sign-in the save asks for). */
async function offer(page: Page, { signInAs }: { signInAs?: string } = {}) {
  const button = page.getByRole('button', { name: 'Offer (save)', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' }).getByRole('button', { name: 'Yes, submit' }).click();
  if (signInAs) {
    await expect(page.getByRole('alertdialog', { name: SIGN_IN_DIALOG })).toBeVisible();
    await signInOverForm(page, signInAs);
  }
  await expect(page).toHaveURL(/\/applications\/[^/]+\/G400$/, { timeout: 20_000 });
}

/**
 * Nothing of the caller `name2` was filed as public: as the demo Administrator (a context of its
 * own), the listing finds `stored` applications, none with a 'public:' row in its history; and
 * each stored one's history names `adviser`.
 */
async function expectNothingFiledAsPublic(browser: Browser, name2: string, stored: 0 | 1, adviser?: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, 'admin');
    await page.goto(`/applications?q=${name2}`);
    if (stored === 0) {
      await expect(page.getByText('No results', { exact: true })).toBeVisible();
      return;
    }
    await expect(page.getByText(/^\d+ applications? found$/)).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: name2 });
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link', { name: /^Edit/ }).click();
    const log = page.locator('.cd-call-script__history li').first();
    await expect(log).toBeVisible();
    await expect(page.locator('.cd-call-script__history')).not.toContainText('public:');
    if (adviser) await expect(log).toContainText(adviser);
  } finally {
    await context.close();
  }
}

test.describe('A staff form stays a staff form (reloads, restored tabs, sign-outs)', () => {
  test.setTimeout(150_000);

  test('(a) a reload without a session shows the sign-in over the draft; the call goes on and is stored once as the adviser @phone', async ({
    page,
    context,
    browser,
  }) => {
    const name2 = `Reloaded${Date.now()}`;
    const publicPosts = recordPublicPosts(page);
    await signIn(page, 'backoffice');
    await startCall(page, name2);
    await dropSessionCookie(context);
    await page.reload();

    const dialog = page.getByRole('alertdialog', { name: SIGN_IN_DIALOG });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(RESUME_BODY)).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
    // Under it the staff form with the draft, never the public one (no three-box date).
    await expect(page.getByRole('button', { name: STAFF_FORM_MARK })).toBeAttached();
    await expect(page.getByLabel('Family name', { exact: true })).toHaveValue(name2);
    await expect(page.getByLabel('Day')).toHaveCount(0);
    await expectNoAxeViolations(page, { landmarks: true, label: 'sign-in dialog over a kept staff draft' });

    await signInOverForm(page, 'backoffice');
    await expect(page.getByLabel('Given name', { exact: true })).toHaveValue('Amara');
    await finishCall(page);
    await offer(page);
    const log = page.locator('.cd-call-script__history li');
    await expect(log).toHaveCount(1);
    await expect(log.first()).toContainText('backoffice');
    expect(publicPosts).toEqual([]);
    await expectNothingFiledAsPublic(browser, name2, 1, 'backoffice');
  });

  test('(b) the session ends while the adviser types: the staff buttons stay, the save asks to sign in and stores the Offer @phone', async ({
    page,
    context,
    browser,
  }) => {
    const name2 = `Typing${Date.now()}`;
    const publicPosts = recordPublicPosts(page);
    await signIn(page, 'backoffice');
    await startCall(page, name2);
    await finishCall(page);
    await expect(page.getByRole('button', { name: 'Offer (save)', exact: true })).toBeEnabled();
    await dropSessionCookie(context);

    // Still typing: a changed date of birth is assessed again, now without a session.
    await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: 'Step 1 Personal details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    const assessed = page.waitForResponse((response) => response.url().includes('/api/apply/G400/assess'));
    await fillDateOfBirth(page, ['15', '5', '2000']);
    await page.getByLabel('Telephone number', { exact: true }).fill('07700 900124');
    expect((await assessed).status()).toBe(401);
    await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: 'Step 3 Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Offer (save)', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit (save)', exact: true })).toHaveCount(0);
    await expect(page.getByRole('alertdialog', { name: SIGN_IN_DIALOG })).toHaveCount(0);

    await offer(page, { signInAs: 'backoffice' });
    const log = page.locator('.cd-call-script__history li');
    await expect(log).toHaveCount(1);
    await expect(log.first()).toContainText('backoffice');
    await expect(log.first()).toContainText('Offered');
    expect(publicPosts).toEqual([]);
    await expectNothingFiledAsPublic(browser, name2, 1, 'backoffice');
  });

  test('(b2) a sign-out in a second tab asks first, then the first tab shows the sign-in and no draft @phone', async ({ page, context, browser }) => {
    const name2 = `Secondtab${Date.now()}`;
    const publicPosts = recordPublicPosts(page);
    await signIn(page, 'backoffice');
    await startCall(page, name2);

    const second = await context.newPage();
    await second.goto('/staff');
    await second.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    const question = second.getByRole('dialog', { name: SIGN_OUT_ELSEWHERE });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();

    await page.bringToFront();
    const dialog = page.getByRole('alertdialog', { name: SIGN_IN_DIALOG });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(DISCARDED_BODY)).toBeVisible();
    await expect(page.getByLabel('Family name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Day')).toHaveCount(0);
    expect(await draftKeys(page)).toEqual([]);
    expect(await draftKeys(second)).toEqual([]);
    expect(publicPosts).toEqual([]);
    await expectNothingFiledAsPublic(browser, name2, 0);
  });

  test('(c) a restored tab without a session shows the sign-in over the draft, never the public form @phone', async ({ page, context, browser }) => {
    const name2 = `Restored${Date.now()}`;
    await signIn(page, 'backoffice');
    await startCall(page, name2);
    const url = page.url();
    // Closing the tab keeps its storage for a restore, as the browser's 'reopen closed tab' does.
    const kept = await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)));
    await page.close();
    await dropSessionCookie(context);

    const restored = await context.newPage();
    const publicPosts = recordPublicPosts(restored);
    await restored.addInitScript((entries: string) => {
      if (window.sessionStorage.getItem('e2e:restored') !== null) return;
      for (const [key, value] of JSON.parse(entries) as [string, string][]) window.sessionStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e:restored', '1');
    }, kept);
    await restored.goto(url);

    const dialog = restored.getByRole('alertdialog', { name: SIGN_IN_DIALOG });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(RESUME_BODY)).toBeVisible();
    await expect(restored.getByLabel('Family name', { exact: true })).toHaveValue(name2);
    await expect(restored.getByLabel('Day')).toHaveCount(0);
    await signInOverForm(restored, 'backoffice');
    await expect(restored.getByRole('button', { name: STAFF_FORM_MARK })).toBeVisible();
    await expect(restored.getByLabel('Family name', { exact: true })).toHaveValue(name2);
    expect(publicPosts).toEqual([]);
    await expectNothingFiledAsPublic(browser, name2, 0);
  });

  test('(d) after a sign-out no draft is left in any tab’s storage, a restored tab’s included @phone', async ({ page, context, browser }) => {
    const name2 = `Signedout${Date.now()}`;
    const publicPosts = recordPublicPosts(page);
    await signIn(page, 'backoffice');
    await startCall(page, name2);
    // A tab closed before the sign-out, to be restored after it.
    const closedStorage = await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)));

    const second = await context.newPage();
    await second.goto('/apply/G600/personal-details');
    await expect(second.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await second.getByLabel('Given name', { exact: true }).fill('Bola');
    await second.getByLabel('Given name', { exact: true }).blur();
    await expect.poll(() => draftKeys(second)).not.toEqual([]);

    // This tab's call first asks the leave question; leaving signs out.
    await second.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await second
      .getByRole('dialog', { name: 'Are you sure you want to leave this application?' })
      .getByRole('button', { name: 'Leave this application' })
      .click();
    await expect(second.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();

    expect(await draftKeys(second)).toEqual([]);
    await expect.poll(() => draftKeys(page)).toEqual([]);

    const restored = await context.newPage();
    await restored.addInitScript((entries: string) => {
      if (window.sessionStorage.getItem('e2e:restored') !== null) return;
      for (const [key, value] of JSON.parse(entries) as [string, string][]) window.sessionStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e:restored', '1');
    }, closedStorage);
    await restored.goto('/apply/G400/personal-details');
    await expect(restored.getByRole('alertdialog', { name: SIGN_IN_DIALOG })).toBeVisible();
    await expect(restored.getByLabel('Family name', { exact: true })).toHaveValue('');
    expect(await draftKeys(restored)).toEqual([]);
    expect(publicPosts).toEqual([]);
    await expectNothingFiledAsPublic(browser, name2, 0);
  });
});
