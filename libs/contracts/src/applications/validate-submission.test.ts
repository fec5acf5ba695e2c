import { buildQualOption } from '../qualifications/catalogue';
import { createApplicationForm } from '../testing';
import { describeFormErrors, dropHiddenFields, SECOND_YEAR_NOT_ALLOWED, validateSubmission } from './validate-submission';

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

describe('dropHiddenFields (domain.md "Form behaviour": values of hidden fields are dropped before storing)', () => {
  it('drops the values of hidden fields and of document categories the course does not take', () => {
    const form: Record<string, unknown> = {
      ...createApplicationForm({
        NATIONALITY: 'GBR',
        VISA_TYPE: 't4gen',
        APPLIED_TO_UCAS: '0',
        UCAS_PERSONAL_ID: '1234567890',
        PREVIOUS_UNI_STUDY: '0',
        PREVIOUS_STUDY_NOTES: 'hidden',
      }),
      OTHER_DOCUMENT_1: { file_id: 'f' },
      ALEVELS_DOCUMENT_1: { file_id: 'a' },
    };
    const kept = dropHiddenFields(form, ['ALEVELS']);
    for (const key of ['VISA_TYPE', 'UCAS_PERSONAL_ID', 'PREVIOUS_STUDY_NOTES', 'OTHER_DOCUMENT_1']) expect(key in kept).toBe(false);
    expect(kept.ALEVELS_DOCUMENT_1).toEqual({ file_id: 'a' });
    expect(kept.NAME1).toBe('Amara');
    expect(form.VISA_TYPE).toBe('t4gen');
  });

  it('keeps visible values', () => {
    const form = createApplicationForm({ NATIONALITY: 'CHN', VISA_TYPE: 't4gen', APPLIED_TO_UCAS: '1', UCAS_PERSONAL_ID: '1234567890' });
    expect(dropHiddenFields(form, [])).toMatchObject({ VISA_TYPE: 't4gen', UCAS_PERSONAL_ID: '1234567890' });
  });
});
