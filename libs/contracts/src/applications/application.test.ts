import { createApplicationForm } from '../testing';
import { applicationFormSchema, applyResponseSchema, applySubmissionSchema, publicReference } from './application';

const SUBMISSION_ID = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

describe('applySubmissionSchema', () => {
  it('keeps the form fields and drops unknown keys', () => {
    const parsed = applySubmissionSchema.parse({ ...createApplicationForm(), SUBMISSION_ID, SOMETHING_ELSE: 'x' });
    expect(parsed.NAME1).toBe('Amara');
    expect(parsed.SUBMISSION_ID).toBe(SUBMISSION_ID);
    expect('SOMETHING_ELSE' in parsed).toBe(false);
    expect('SOMETHING_ELSE' in applicationFormSchema.parse({ SECOND_YEAR_ENTRY: '0', SOMETHING_ELSE: 'x' })).toBe(false);
  });

  it('needs a UUID SUBMISSION_ID (the idempotency key)', () => {
    expect(applySubmissionSchema.safeParse(createApplicationForm()).error?.issues[0]?.path).toEqual(['SUBMISSION_ID']);
    expect(applySubmissionSchema.safeParse({ ...createApplicationForm(), SUBMISSION_ID: 'abc' }).success).toBe(false);
  });

  it('leaves the rules to validateApplicationForm: a bad date of birth still parses', () => {
    expect(applySubmissionSchema.safeParse({ ...createApplicationForm({ DOB: '2006-02-30' }), SUBMISSION_ID }).success).toBe(true);
  });
});

describe('publicReference', () => {
  it('is the depart number followed by the fourth element of id', () => {
    const response = applyResponseSchema.shape.id.parse(['2600001', 'G400', '1', '100001']);
    expect(publicReference({ id: response, depart_number: '31' })).toBe('31100001');
  });
});
