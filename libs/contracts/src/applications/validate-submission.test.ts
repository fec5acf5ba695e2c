import { buildQualOption } from '../qualifications/catalogue';
import { createApplicationForm } from '../testing';
import { describeFormErrors, SECOND_YEAR_NOT_ALLOWED, validateSubmission } from './validate-submission';

const qualOptions = [buildQualOption('ALEVEL'), buildQualOption('GCSE')];

describe('validateSubmission', () => {
  it('accepts a complete form', () => {
    expect(validateSubmission(createApplicationForm(), { qualOptions, ALLOW_SECOND_YEAR_ENTRY: false })).toEqual([]);
  });

  it('refuses second-year entry on a course that does not allow it, with the spec text', () => {
    const form = createApplicationForm({ SECOND_YEAR_ENTRY: '1' });
    expect(validateSubmission(form, { qualOptions, ALLOW_SECOND_YEAR_ENTRY: true })).toEqual([]);
    expect(validateSubmission(form, { qualOptions, ALLOW_SECOND_YEAR_ENTRY: false }).map((e) => e.message)).toEqual([SECOND_YEAR_NOT_ALLOWED]);
    expect(SECOND_YEAR_NOT_ALLOWED).toBe('Applicants will only be considered for entry into the first year for this course.');
  });

  it('describes the errors in one message joined by spaces', () => {
    const errors = validateSubmission(createApplicationForm({ NAME1: '', EMAIL: 'x@' }), { qualOptions, ALLOW_SECOND_YEAR_ENTRY: false, currentYear: 2026 });
    expect(describeFormErrors(errors)).toBe("'Given name' is required. 'Email address' must have have email format.");
  });
});
