import { expect, test, type Page } from '@playwright/test';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { expectNoAxeViolations } from './support/axe';
import { fillCallerApplication, nextCallAnswer, putOnShift, signIn, submitByPhone } from './support/desk';

/** The presence answer (PUT .../presence) the edit screen gets as it opens `path`. */
async function presenceOnOpening(page: Page, path: string) {
  const answered = page.waitForResponse(
    (r) => /\/api\/admin\/applications\/[^/]+\/[^/]+\/presence$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT',
  );
  await page.goto(path);
  const response = await answered;
  expect(response.status()).toBe(200);
  return (await response.json()) as { mine: boolean; holder: { username: string; name: string } | null };
}

/**
 * The desk on results day against the real stack (docs/domain/work-queue.md): two advisers on one
 * application (presence: the second sees who has it and since when, cannot save over it, takes it
 * over after a confirmation), and 'Next call' opening the adviser's most urgent item with why it
 * is next; closing the tab frees both at once. Every screen is axe-clean at desktop size.
 */
test.describe('Desk presence and Next call', () => {
  test.setTimeout(150_000);

  test('a second adviser sees who has an application open, cannot save over it, and takes it over', async ({ page, browser }) => {
    const name2 = `Presence${Date.now()}`;
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] });
    const editPath = await submitByPhone(page, 'Refer');

    // The second adviser, in a browser of their own.
    const second = await browser.newContext();
    const other = await second.newPage();
    await signIn(other, 'admin');
    await other.goto(`${editPath}/submit`);
    const notice = other.getByRole('region', { name: /^Open by Bola Backoffice since \d\d:\d\d$/ });
    await expect(notice).toBeVisible();
    const reason = 'Bola Backoffice has this application open, so you cannot save over their call. Take it over to save your changes.';
    await expect(notice.getByText(reason)).toBeVisible();
    const save = other.getByRole('button', { name: 'Refer', exact: true });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(new RegExp(`^${reason.replace(/[.]/g, '\\.')}`));
    await expectNoAxeViolations(other, { label: 'edit screen held by another adviser' });

    // Take over, by keyboard: the dialog asks first.
    await notice.getByRole('button', { name: 'Take over' }).focus();
    await other.keyboard.press('Enter');
    const dialog = other.getByRole('dialog', { name: 'Take over this application from Bola Backoffice?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(other, { label: 'take-over dialog' });
    await expect(dialog.getByRole('button', { name: 'Take over' })).toBeFocused();
    await other.keyboard.press('Enter');
    await expect(other.getByText('You have taken over this application.')).toBeFocused();
    await expect(other.getByRole('region', { name: /^Open by/ })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Refer', exact: true })).toBeEnabled();

    // The first adviser learns it when their screen is next asked (a reload stands in for the heartbeat).
    await page.reload();
    await expect(page.getByRole('region', { name: /^Open by Ada Administrator since \d\d:\d\d$/ })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'edit screen taken over' });
    await second.close();
  });

  test("'Next call' opens the adviser's most urgent item with why it is next", async ({ page }) => {
    const name2 = `Queue${Date.now()}`;
    await signIn(page, 'backoffice');
    // A referral due back by noon: at least one item waits for a Back Office adviser.
    await fillCallerApplication(page, { course: 'G400', name2, grades: ['A*', 'A', 'B'] });
    await submitByPhone(page, 'Refer');
    await page.goto('/applications');
    await expectNoAxeViolations(page, { label: 'listing with Next call' });
    await page.getByRole('button', { name: 'Next call' }).click();
    await expect(page).toHaveURL(/\/applications\/[^/]+\/[^/]+$/);
    const why = page.getByRole('region', { name: 'Next call' });
    await expect(why).toBeVisible();
    await expect(
      why.getByText(/^(Callback booked for|Offer lapses at|Referral due back by|Public submission waiting|The student said they would call back)/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'next call opened' });
  });

  test("closing the tab frees the application and its 'Next call' item at once, not when the hold and the claim run out", async ({ page, browser }) => {
    test.setTimeout(240_000);
    // An item first in every adviser's queue: a callback due now (the stack's clock stands at
    // 09:00), booked by the applicant on the confirmation page.
    const administrator = await browser.newContext();
    const b = await administrator.newPage();
    await signIn(b, 'admin');
    await putOnShift(b, 'Advisers on Thursday 14 August from 09:00', '20');
    const name2 = `Tabclosed${Date.now()}`;
    await fillApplication(page, { email: uniqueEmail('tab-closed'), name2 }, ['A*', 'A', 'B']);
    await submitApplication(page);
    const callback = page.getByRole('region', { name: 'Ask us to call you' });
    await callback.getByRole('group', { name: 'Thursday 14 August' }).getByRole('radio', { name: '09:00 to 09:15' }).check();
    await callback.getByRole('button', { name: 'Book this time' }).click();
    await expect(callback.getByText('We will call you on Thursday 14 August between 09:00 and 09:15', { exact: true })).toBeVisible();

    // Adviser A takes it with 'Next call': the claim is theirs and the application open on their screen.
    const first = await browser.newContext();
    const a = await first.newPage();
    await signIn(a, 'bolimited');
    await a.goto('/applications');
    const taken = await nextCallAnswer(a, () => a.getByRole('button', { name: 'Next call' }).click());
    expect(taken.item?.kind).toBe('callback');
    const { STUDENT_ID, UCAS_CODE } = taken.item!;
    const editPath = `/applications/${STUDENT_ID}/${UCAS_CODE}`;
    await expect(a).toHaveURL(new RegExp(`${editPath}$`));
    await expect(a.getByLabel('Family name', { exact: true })).toHaveValue(name2);
    // Adviser B sees it held.
    expect((await presenceOnOpening(b, `${editPath}/submit`)).holder?.username).toBe('bolimited');
    await expect(b.getByRole('region', { name: /^Open by Lin Limited since \d\d:\d\d$/ })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Outbound Call' })).toBeDisabled();
    await b.goto('/applications');

    // A closes the tab: pagehide sends the release (fetch keepalive). The hold would last 60 s
    // (PRESENCE_TTL_SECONDS) and the claim for ever on the stopped clock: it is free well before.
    a.on('dialog', (dialog) => void dialog.accept());
    await Promise.all([a.waitForEvent('close'), a.close({ runBeforeUnload: true })]);
    await expect(async () => {
      expect(await presenceOnOpening(b, `${editPath}/submit`)).toEqual(expect.objectContaining({ mine: true }));
    }).toPass({ timeout: 15_000 });
    await expect(b.getByRole('region', { name: /^Open by/ })).toHaveCount(0);
    await expect(b.getByRole('button', { name: 'Outbound Call' })).toBeEnabled();

    // B's 'Next call' brings the same item at once.
    await b.goto('/applications');
    const next = await nextCallAnswer(b, () => b.getByRole('button', { name: 'Next call' }).click());
    expect(next.item).toEqual(expect.objectContaining({ kind: 'callback', STUDENT_ID, UCAS_CODE }));
    await expect(b.getByRole('region', { name: 'Next call' }).getByText('Callback booked for 09:00: call the applicant now.', { exact: true })).toBeVisible();

    // B saves: the call's outcome closes the callback.
    await b.goto(`${editPath}/submit`);
    await b.getByRole('button', { name: 'Outbound Call' }).click();
    const call = b.getByRole('dialog', { name: 'Log an outbound call' });
    await call.getByLabel('Call outcome').selectOption('Called left voicemail');
    await call.getByRole('button', { name: 'Save the call' }).click();
    await expect(b.getByRole('button', { name: 'Call Complete' })).toBeVisible();
    await first.close();
    await administrator.close();
  });
});
