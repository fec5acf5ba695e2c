import { TEST_STACK_CLOCK } from '@clearing-desk/stack';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { addALevels, addFiveGcses, answer, answerStep1No, fillDateOfBirth, gotoServerRendered, uniqueEmail } from './support/apply';
import { signIn, submitByPhone } from './support/desk';
import { attachmentOf, emailTo } from './support/mail';

/**
 * A call booked from the course page by someone who has not applied, through the whole product
 * (docs/domain/work-queue.md "Callbacks"): the caller gives their details and a time on the course
 * page, gets the confirmation by email with its calendar file and a private link to change or
 * cancel it; at that time the adviser's 'Next call' opens the phone-entry form prefilled with the
 * caller and why, and saving the application closes the call.
 *
 * The stack's clock (CLEARING_CLOCK, TEST_STACK_CLOCK) stands at 09:00 London on Thursday 14
 * August 2025: the 09:00 slot can be booked and is due at once. The staff browser runs on the same
 * clock; the caller's browser keeps the real time (what it shows comes from the service).
 */
/** Each screen here is a lazy chunk of its own and the machine is shared: 30 s per wait, not 10. */
const expect = baseExpect.configure({ timeout: 30_000 });

const SHIFT_LABEL = 'Advisers on Thursday 14 August from 09:00';
const CONFIRMATION = 'We will call you on Thursday 14 August between 09:00 and 09:15';
const REASON = 'Callback booked for 09:00: call the applicant now.';

type QueueAnswer = { item: { kind: string; UCAS_CODE: string; CALLER?: { CALLBACK_ID: string; NAME: string } | null } | null };

/** Answer of the next 'Next call' (POST /api/admin/queue/next) after `action`. */
async function nextCallAnswer(page: Page, action: () => Promise<void>): Promise<QueueAnswer> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/queue/next') && r.request().method() === 'POST');
  await action();
  const response = await answered;
  expect(response.status()).toBe(200);
  return (await response.json()) as QueueAnswer;
}

/** The private link a booking email gives (`/call/{token}`), as a path of the stack under test. */
function privateLink(text: string | undefined): string {
  const match = /https?:\/\/[^\s"]+\/call\/[0-9a-f]{64}/.exec(text ?? '');
  if (!match) throw new Error(`no private link in: ${text}`);
  return new URL(match[0]).pathname;
}

test.describe('Calls booked from the course page without an application', () => {
  test.setTimeout(480_000);

  test("a caller books a call on the course page, gets it by email with its calendar file, and 'Next call' opens the phone entry prefilled @phone", async ({
    page,
    browser,
  }, testInfo) => {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
    const device = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: baseURL ?? process.env.E2E_BASE_URL };
    const staff = await browser.newContext(device);
    const desk = await staff.newPage();
    await desk.clock.setFixedTime(new Date(TEST_STACK_CLOCK));
    await signIn(desk, 'admin');
    await desk.goto('/staff/settings');
    const shifts = desk.getByRole('region', { name: 'Advisers on shift for booked calls' });
    await shifts.getByLabel(SHIFT_LABEL).fill('5');
    await shifts.getByRole('button', { name: 'Save advisers on shift' }).click();
    await expect(shifts.getByText('Advisers on shift saved.')).toBeVisible();

    // The caller opens 'Ask us to call you' on the course page: its form loads as it opens.
    const email = uniqueEmail('caller');
    const name = `Cara Caller${Date.now()}`;
    // The gateway renders the course page on the server: wait for the app to take it over.
    await gotoServerRendered(page, '/apply/G400');
    await page.getByRole('button', { name: 'Ask us to call you' }).click();
    const day = page.getByRole('group', { name: 'Thursday 14 August' });
    await expect(day.getByRole('radio', { name: '09:00 to 09:15' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'course page: ask us to call you' });

    // Nothing given: the error summary, focused, says what is missing.
    await page.getByRole('button', { name: 'Book this time' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: 'Enter your name' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Choose a time for us to call you' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'course page: call details missing' });
    await summary.getByRole('link', { name: 'Enter your name' }).click();
    await expect(page.getByLabel('Your name')).toBeFocused();

    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Telephone number', { exact: false }).fill('+33 1 23 45 67 89');
    await page.getByLabel('Email address', { exact: false }).fill(email);
    await day.getByRole('radio', { name: '09:00 to 09:15' }).check();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByText(CONFIRMATION, { exact: true })).toBeVisible();
    await expect(page.getByText(`We have emailed the booking to ${email}, with a link to change or cancel the call.`)).toBeVisible();
    await expectNoAxeViolations(page, { label: 'course page: call booked' });

    // The confirmation email, in the same words, with the calendar invitation and the private link.
    const booked = await emailTo(email, /^Your call from the Clearing team is booked$/);
    expect(booked.text).toContain(CONFIRMATION);
    expect(booked.text).toContain('We will ring the telephone number you gave us. Please keep your phone with you at that time.');
    const ics = (await attachmentOf(booked, 'clearing-call.ics')).replace(/\r\n[ \t]/g, '');
    const event = ics.slice(ics.indexOf('BEGIN:VEVENT'), ics.indexOf('END:VEVENT'));
    expect(event).toMatch(/\r?\nDTSTART:20250814T080000Z\r?\n/);
    expect(event).toMatch(/\r?\nDTEND:20250814T081500Z\r?\n/);
    expect(event).toMatch(/\r?\nSUMMARY:Call from the Clearing team\r?\n/);

    // The private page: the booking with Change and Cancel.
    const link = privateLink(booked.text);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Your call from the Clearing team' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Ask us to call you' });
    await expect(panel.getByText(CONFIRMATION, { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Change' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoAxeViolations(page, { label: 'private page of the call' });

    // At 09:00 the adviser's 'Next call' opens the phone entry with the caller filled in and why.
    await desk.goto('/applications');
    const taken = await nextCallAnswer(desk, () => desk.getByRole('button', { name: 'Next call' }).click());
    expect(taken.item).toMatchObject({ kind: 'callback', UCAS_CODE: 'G400', CALLER: { NAME: name } });
    await expect(desk).toHaveURL(/\/apply\/G400\/personal-details$/);
    const why = desk.getByRole('region', { name: 'Next call' });
    await expect(why.getByText(REASON, { exact: true })).toBeVisible();
    await expect(desk.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(desk.getByLabel('Given name', { exact: true })).toHaveValue('Cara');
    await expect(desk.getByLabel('Family name', { exact: true })).toHaveValue(name.split(' ')[1]!);
    await expect(desk.getByLabel('Email address', { exact: true })).toHaveValue(email);
    await expect(desk.getByLabel('Telephone number', { exact: true })).toHaveValue('+33 1 23 45 67 89');
    await expectNoAxeViolations(desk, { label: 'phone entry from a booked call' });

    // The rest of the call, then the save: the call is done.
    await fillDateOfBirth(desk, ['14', '5', '2000']);
    await desk.getByLabel('Nationality').selectOption('GBR');
    await answerStep1No(desk);
    await desk.getByRole('button', { name: 'Next' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
    await answer(desk, 'PREVIOUS_UNI_STUDY', 'No');
    await addFiveGcses(desk);
    await addALevels(desk, ['A*', 'A', 'B']);
    await desk.getByRole('button', { name: 'Next' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
    await submitByPhone(desk, 'Offer');

    // Closed: the private page shows no booking, and 'Next call' does not bring it again.
    await page.reload();
    await expect(panel.getByRole('button', { name: 'Book this time' })).toBeVisible();
    await expect(panel.getByText(CONFIRMATION)).toHaveCount(0);
    await desk.goto('/applications');
    const after = await nextCallAnswer(desk, () => desk.getByRole('button', { name: 'Next call' }).click());
    expect(after.item?.CALLER?.CALLBACK_ID ?? null).not.toBe(taken.item!.CALLER!.CALLBACK_ID);
    await staff.close();
  });
});
