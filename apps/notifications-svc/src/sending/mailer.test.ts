import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtp-catcher';
import { createMailer, PermanentSendError } from './mailer';

let smtp: SmtpCatcher;
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Clearing <clearing@example.ac.uk>', MAIL_REPLY_TO: undefined, SMTP_TIMEOUT_MS: 10_000 });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

const email = (to: string, key: string) => ({ to, subject: 'Your application', html: '<p>Hello</p>', text: 'Hello', messageId: `<${key}@example.ac.uk>` });

/** The mailer checks addresses with the contracts' isEmailAddress, the rule the application form uses. */
describe('the mailer and the one email-address rule', () => {
  it('sends to addresses the form takes, with an apostrophe, a plus or non-ASCII letters', async () => {
    const addresses = ["o'brien+clearing@example.ac.uk", 'josé@example.com'];
    for (const [i, to] of addresses.entries()) await mailer.send(email(to, `ok-${i}`));
    await smtp.waitFor(addresses.length);
    expect(smtp.caught.map((c) => c.mail.to && !Array.isArray(c.mail.to) && c.mail.to.value[0]?.address)).toEqual(addresses);
  });

  it('refuses for good, without connecting, what the form refuses (a second recipient, a name, two dots)', async () => {
    const before = smtp.caught.length;
    for (const to of ['a,b@example.com', 'amara <amara@example.com>', 'amara..okafor@example.com']) {
      await expect(mailer.send(email(to, 'refused'))).rejects.toBeInstanceOf(PermanentSendError);
    }
    expect(smtp.caught).toHaveLength(before);
  });
});
