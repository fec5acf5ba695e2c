import { validateApplicationForm } from '../applications/validate-application-form';
import { resendEmailRequestSchema } from '../notifications/email-records';
import { isEmailAddress } from './email-address';
import { emailAddressSchema } from './email-address-schema';

// Addresses the form's old check (one '@', a dot in the domain, no spaces) took and the mailer
// then refused for good, or that SMTP refuses (dot-atom): the one rule refuses them all.
const MAILER_REFUSED = [
  'a,b@example.com',
  'amara<okafor@example.com',
  '"amara"@example.com',
  'amara;okafor@example.com',
  'amara..okafor@example.com',
  '.amara@example.com',
  'amara.@example.com',
  'amara@example..com',
  'amara@.example.com',
  'amara@example.com.',
  `${'x'.repeat(65)}@example.com`,
  'amara\u0000@example.com',
];
// Addresses the mailer sends to that zod's z.email() (the resend request's old check) refused.
const ZOD_REFUSED = ['josé@example.com', 'amara@exämple.com'];
const ACCEPTED = ['amara.okafor@example.com', "o'brien+clearing@example.ac.uk", `${'x'.repeat(64)}@example.com`, ...ZOD_REFUSED];

describe('isEmailAddress: the one email-address rule', () => {
  it.each(ACCEPTED)('takes %s', (address) => expect(isEmailAddress(address)).toBe(true));
  it.each([...MAILER_REFUSED, 'amara@example', 'amara okafor@example.com', 'amara@okafor@example.com', ''])('refuses %j', (address) =>
    expect(isEmailAddress(address)).toBe(false),
  );

  it('the application form refuses what the mailer would refuse, with its email message', () => {
    for (const EMAIL of MAILER_REFUSED) {
      const errors = validateApplicationForm({ EMAIL }, { qualOptions: [] });
      expect({ EMAIL, message: errors.find((e) => e.field === 'EMAIL')?.message }).toEqual({ EMAIL, message: "'Email address' must have have email format." });
    }
  });

  it('the resend request takes every address the form takes (and the schema trims it)', () => {
    for (const recipient of ACCEPTED) expect(resendEmailRequestSchema.safeParse({ applicationId: '1', recipient, requestedBy: 'adviser' }).success).toBe(true);
    expect(emailAddressSchema.parse('  amara@example.com ')).toBe('amara@example.com');
    expect(emailAddressSchema.safeParse('a,b@example.com').success).toBe(false);
  });
});
