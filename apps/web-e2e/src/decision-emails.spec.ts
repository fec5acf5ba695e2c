import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fillApplication, submitApplication, uniqueEmail } from './support/apply';
import { fillCallerApplication, signIn } from './support/desk';
import { emailTo, emailsTo, statusLink } from './support/mail';

/**
 * Decisions in writing, through the whole product: the gateway, applications-svc's
 * outbox, notifications-svc's worker and the stack's mail catcher (maildev), read as the applicant.
 */
test.describe('decision emails', () => {
  test.setTimeout(120_000);

  test('a public offer arrives by email with its deadline, and its link opens the status page @phone', async ({ page }) => {
    const email = uniqueEmail('offer-email');
    await fillApplication(page, { email }, ['A*', 'A', 'B']);
    await submitApplication(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
    const reference = (await page.locator('.cd-panel__reference').textContent())?.trim() ?? '';

    const offer = await emailTo(email, /^Good News! Your offer for Computer Science$/);
    const text = offer.text ?? '';
    expect(text).toContain('We are pleased to offer you a place on Computer Science BSc (Hons)');
    expect(text).toContain(`Your reference is ${reference}.`);
    expect(text).toMatch(
      /Add us as your Clearing choice in UCAS Hub by 23:59 on \w+day \d{1,2} \w+ \d{4} \(two working days\)\. After that the offer lapses\./,
    );
    const deadline = /by (23:59 on \w+day \d{1,2} \w+ \d{4})/.exec(text)?.[1] ?? '';

    await page.goto(statusLink(offer));
    await expect(page.getByRole('heading', { level: 1, name: 'Good News!' })).toBeVisible();
    await expect(page.getByText(deadline).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your application details' })).toBeVisible();
    await expectNoAxeViolations(page);
    // One decision, one email.
    expect(await emailsTo(email)).toHaveLength(1);
  });

  test('an adviser invites a caller to interview and the email gives the time and venue', async ({ page }) => {
    const email = uniqueEmail('interview-email');
    await signIn(page, 'backoffice');
    await fillCallerApplication(page, { course: 'W300', name2: `Interview${Date.now()}`, grades: ['A*', 'A*', 'A*'], email });
    const invite = page.getByRole('button', { name: /^Invite to interview( \(save\))?$/ });
    await expect(invite).toBeEnabled();
    await invite.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
    const date = dialog.getByRole('group', { name: 'Interview date' });
    await date.getByLabel('Day').fill('20');
    await date.getByLabel('Month').fill('8');
    await date.getByLabel('Year').fill('2025');
    await dialog.getByLabel('Interview time').fill('14:30');
    await dialog.getByLabel('Interview venue or online link').fill('Room A101, Tait Building');
    await dialog.getByRole('button', { name: 'Yes, submit' }).click();
    await expect(page).toHaveURL(/\/applications\/[^/]+\/[^/]+$/, { timeout: 20_000 });

    const invitation = await emailTo(email, /^Interview invitation: Music$/);
    expect(invitation.text).toContain('Your interview is at 14:30 on 20 August 2025, at Room A101, Tait Building.');
    expect(invitation.text).toContain('* Venue or link: Room A101, Tait Building');

    // The History lists it.
    const emails = page.getByRole('region', { name: 'Emails' });
    await expect(emails.getByText(new RegExp(`Interview invitation email to ${email.replace(/\./g, '\\.')}: Sent`))).toBeVisible({ timeout: 30_000 });
  });
});
