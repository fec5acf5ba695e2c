import { buildQualOption } from '../qualifications/catalogue';
import { createApplicationForm } from '../testing';
import {
  applicationFormSchema,
  applyResponseSchema,
  applySubmissionSchema,
  keyedSubmissionSchema,
  offerTexts,
  offerVariant,
  publicReference,
} from './application';
import { validateApplicationForm } from './validate-application-form';

const SUBMISSION_ID = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

describe('applySubmissionSchema', () => {
  it('keeps the form fields and refuses unknown keys, naming them (domain.md "Form behaviour")', () => {
    const parsed = applySubmissionSchema.parse({ ...createApplicationForm(), SUBMISSION_ID });
    expect(parsed.NAME1).toBe('Amara');
    expect(parsed.SUBMISSION_ID).toBe(SUBMISSION_ID);
    const refused = applySubmissionSchema.safeParse({ ...createApplicationForm(), SUBMISSION_ID, SOMETHING_ELSE: 'x' });
    expect(refused.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['SOMETHING_ELSE'] });
    // The stored form shape itself still drops what it does not know.
    expect('SOMETHING_ELSE' in applicationFormSchema.parse({ SECOND_YEAR_ENTRY: '0', SOMETHING_ELSE: 'x' })).toBe(false);
  });

  it('takes SUBMISSION_ID as optional (spec section 7 clients send none), a UUID when given', () => {
    expect(applySubmissionSchema.safeParse(createApplicationForm()).success).toBe(true);
    expect(applySubmissionSchema.safeParse({ ...createApplicationForm(), SUBMISSION_ID: 'abc' }).success).toBe(false);
    expect(keyedSubmissionSchema.safeParse(createApplicationForm()).error?.issues[0]?.path).toEqual(['SUBMISSION_ID']);
  });

  it('leaves the rules to validateApplicationForm: a bad date of birth still parses', () => {
    expect(applySubmissionSchema.safeParse({ ...createApplicationForm({ DOB: '2006-02-30' }), SUBMISSION_ID }).success).toBe(true);
  });

  it("leaves a missing SECOND_YEAR_ENTRY to the form's rule: it parses as '' and is \"'Year of entry' is required.\" (spec section 5)", () => {
    const { SECOND_YEAR_ENTRY: _missing, ...form } = createApplicationForm();
    const parsed = applySubmissionSchema.parse({ ...form, SUBMISSION_ID });
    expect(parsed.SECOND_YEAR_ENTRY).toBe('');
    const errors = validateApplicationForm(parsed, { qualOptions: [buildQualOption('ALEVEL'), buildQualOption('GCSE')] });
    expect(errors.map((e) => e.message)).toEqual(["'Year of entry' is required."]);
  });
});

describe('publicReference', () => {
  it('is the depart number followed by the fourth element of id', () => {
    const response = applyResponseSchema.shape.id.parse(['2600001', 'G400', '1', '100001']);
    expect(publicReference({ id: response, depart_number: '31' })).toBe('31100001');
  });
});

describe('offerTexts (domain.md "Public submissions": UCAS Hub, an AR variant)', () => {
  it('names the UCAS Hub, never UCAS Track', () => {
    const lines = offerTexts('Computer Science BSc (Hons)', 'G400', 'AO');
    expect(lines).toEqual([
      'We are pleased to offer you a place on Computer Science BSc (Hons).',
      'We will send you an email with the details of your offer.',
      'To accept it, add us as your Clearing choice (course code G400) through the Clearing option in your UCAS Hub within two working days. After that the offer lapses.',
    ]);
    expect(lines.join(' ')).not.toMatch(/Track/);
  });

  it('tells a non-UCAS applicant (AR) how to join Clearing', () => {
    expect(offerTexts('Law LLB (Hons)', 'M100', 'AR')[2]).toBe(
      'You have not applied through UCAS this year, so to accept it, register with UCAS and sign in to your UCAS Hub, choose Clearing and add us as your Clearing choice (course code M100) within two working days. After that the offer lapses.',
    );
    expect(offerVariant('1')).toBe('AO');
    expect(offerVariant('0')).toBe('AR');
    expect(offerVariant(undefined)).toBe('AR');
  });
});
