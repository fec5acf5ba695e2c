import { expect as baseExpect, test, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { nextCallAnswer, putOnShift, signIn } from './support/desk';
import { attachmentOf, emailTo, statusLink } from './support/mail';

/**
 * Callbacks the applicant books, through the whole product (docs/domain/work-queue.md
 * "Callbacks"): an Administrator puts advisers on shift on the Settings page, the applicant books
 * a time on their status page and gets the confirmation by email with its calendar file, and at
 * that time the adviser's 'Next call' brings the callback with its reason; the call's outcome marks
 * it done and it leaves the queue.
 *
 * The stack's clock (CLEARING_CLOCK, TEST_STACK_CLOCK) stands at 09:00 London on Thursday 14
 * August 2025: the 09:00 slot can be booked and is due at once. Every browser keeps the real time:
 * the Settings page's days, like the applicant's free times, come from the service's clock.
 */
/** Each screen here is a lazy chunk of its own (staff, status page's callbacks) and the machine is shared: 30 s per wait, not 10. */
const expect = baseExpect.configure({ timeout: 30_000 });

const SHIFT_LABEL = 'Advisers on Thursday 14 August from 09:00';
const CONFIRMATION = 'We will call you on Thursday 14 August between 09:00 and 09:15';
const CONFIRMATION_TEN = 'We will call you on Thursday 14 August between 10:00 and 10:15';
const REASON = 'Callback booked for 09:00: call the applicant now.';

/** The project's size (desktop or phone) for the staff's own browser contexts. */
const deviceOf = (testInfo: TestInfo) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  return { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: baseURL ?? process.env.E2E_BASE_URL };
};

test.describe('Callbacks the applicant books', () => {
  // One story across two staff accounts and the applicant, with an axe run on each screen.
  test.setTimeout(480_000);

  test("an applicant books a call on the status page, gets it by email with its calendar file, and 'Next call' brings it at its time @phone", async ({
    page,
    browser,
  }, testInfo) => {
    const device = deviceOf(testInfo);
    // The Administrator and the adviser: the staff desk.
    const staff = await browser.newContext(device);
    const desk = await staff.newPage();
    await signIn(desk, 'admin');
    await putOnShift(desk, SHIFT_LABEL, '2');

    // The applicant applies, and opens their status page from the decision email.
    const email = uniqueEmail('callback');
    const name2 = `Callback${Date.now()}`;
    await fillApplication(page, { email, name2 }, ['A*', 'A', 'B']);
    await submitApplication(page);
    const offer = await emailTo(email, /^Good News! Your offer for Computer Science$/);
    await page.goto(statusLink(offer));
    const callback = page.getByRole('region', { name: 'Ask us to call you' });
    const day = callback.getByRole('group', { name: 'Thursday 14 August' });
    await expect(day.getByRole('radio', { name: '09:00 to 09:15' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'status page: choose a time' });

    // Booking without a time says so in the error summary.
    await callback.getByRole('button', { name: 'Book this time' }).click();
    await expect(callback.getByRole('alert')).toContainText('That is not a time we can call you: please choose one of the times listed.');
    await expectNoAxeViolations(page, { label: 'status page: no time chosen' });

    await day.getByRole('radio', { name: '09:00 to 09:15' }).check();
    await callback.getByRole('button', { name: 'Book this time' }).click();
    await expect(callback.getByText(CONFIRMATION, { exact: true })).toBeVisible();
    await expect(callback.getByRole('heading', { level: 2, name: 'Ask us to call you' })).toBeFocused();
    await expect(callback.getByRole('button', { name: 'Change' })).toBeVisible();
    await expect(callback.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'status page: call booked' });

    // The confirmation email, in the same words, with the calendar invitation.
    const booked = await emailTo(email, /^Your call from the Clearing team is booked$/);
    expect(booked.text).toContain(CONFIRMATION);
    const ics = (await attachmentOf(booked, 'clearing-call.ics')).replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
    const event = ics.slice(ics.indexOf('BEGIN:VEVENT'), ics.indexOf('END:VEVENT'));
    expect(event).toMatch(/\r?\nDTSTART:20250814T080000Z\r?\n/);
    expect(event).toMatch(/\r?\nDTEND:20250814T081500Z\r?\n/);
    expect(event).toMatch(/\r?\nSUMMARY:Call from the Clearing team\r?\n/);

    // At 09:00 the adviser's 'Next call' brings the callback, with why, on the applicant's application.
    await desk.goto('/applications');
    await expect(desk.getByRole('button', { name: 'Next call' })).toBeVisible();
    await expectNoAxeViolations(desk, { label: 'listing with Next call' });
    const taken = await nextCallAnswer(desk, () => desk.getByRole('button', { name: 'Next call' }).click());
    expect(taken.item?.kind).toBe('callback');
    await expect(desk).toHaveURL(new RegExp(`/applications/${taken.item!.STUDENT_ID}/${taken.item!.UCAS_CODE}$`));
    const why = desk.getByRole('region', { name: 'Next call' });
    await expect(why.getByText(REASON, { exact: true })).toBeVisible();
    await expect(desk.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(desk.getByLabel('Family name', { exact: true })).toHaveValue(name2);
    await expectNoAxeViolations(desk, { label: 'callback taken with Next call' });

    // The call's outcome closes it: the booking is done.
    await desk.goto(`/applications/${taken.item!.STUDENT_ID}/${taken.item!.UCAS_CODE}/submit`);
    await desk.getByRole('button', { name: 'Outbound Call' }).click();
    const call = desk.getByRole('dialog', { name: 'Log an outbound call' });
    await call.getByLabel('Call outcome').selectOption('Called left voicemail');
    await call.getByRole('button', { name: 'Save the call' }).click();
    await expect(desk.getByRole('button', { name: 'Call Complete' })).toBeVisible();

    // The applicant's page no longer shows the call booked; they may book another.
    await page.reload();
    await expect(callback.getByRole('button', { name: 'Book this time' })).toBeVisible();
    await expect(callback.getByText(CONFIRMATION)).toHaveCount(0);

    // It has left the queue: another adviser's 'Next call' at 09:00 does not bring it. (Another
    // account, so that what this one takes stays out of the Administrator's way on the next run.)
    const other = await browser.newContext(device);
    const second = await other.newPage();
    await signIn(second, 'editor');
    await second.goto('/applications');
    const after = await nextCallAnswer(second, () => second.getByRole('button', { name: 'Next call' }).click());
    expect(after.item?.kind).not.toBe('callback');
    expect(after.item === null || after.item.STUDENT_ID !== taken.item!.STUDENT_ID).toBe(true);
    await other.close();
    await staff.close();
  });

  test("a call booked on the confirmation page, straight after applying, is the status page's booking @phone", async ({ page, browser }, testInfo) => {
    // 10:00, an hour not yet due, so the story above never meets this booking in 'Next call'.
    const staff = await browser.newContext(deviceOf(testInfo));
    const desk = await staff.newPage();
    await signIn(desk, 'admin');
    await putOnShift(desk, 'Advisers on Thursday 14 August from 10:00', '5');
    await staff.close();

    await fillApplication(page, { email: uniqueEmail('confirmation-callback'), name2: `Confirmed${Date.now()}` }, ['A*', 'A', 'B']);
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
    const callback = page.getByRole('region', { name: 'Ask us to call you' });
    const ten = callback.getByRole('group', { name: 'Thursday 14 August' }).getByRole('radio', { name: '10:00 to 10:15' });
    await expect(ten).toBeVisible();
    await expectNoAxeViolations(page, { label: 'confirmation page: choose a time' });

    await ten.check();
    await callback.getByRole('button', { name: 'Book this time' }).click();
    await expect(callback.getByText(CONFIRMATION_TEN, { exact: true })).toBeVisible();
    await expect(callback.getByRole('heading', { level: 2, name: 'Ask us to call you' })).toBeFocused();
    await expectNoAxeViolations(page, { label: 'confirmation page: call booked' });

    // The status page shows the same booking, with Change and Cancel.
    await page.getByRole('link', { name: 'View your application' }).click();
    await expect(page).toHaveURL(/\/review\/[^/]+$/);
    const onStatusPage = page.getByRole('region', { name: 'Ask us to call you' });
    await expect(onStatusPage.getByText(CONFIRMATION_TEN, { exact: true })).toBeVisible();
    await expect(onStatusPage.getByRole('button', { name: 'Change' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'status page: call booked on the confirmation page' });
  });
});
