import { buildQualOption } from '../qualifications/catalogue';
import { createApplicationForm } from '../testing';
import { validateApplicationForm, type FormError } from './validate-application-form';

const qualOptions = ['ALEVEL', 'GCSE', 'IBO', 'ACCESS_HE', 'ENGLISH_TEST'].map((c) => buildQualOption(c as 'ALEVEL'));
const validate = (overrides: Record<string, unknown> = {}) =>
  validateApplicationForm(createApplicationForm(overrides), { qualOptions, currentYear: 2026 });
const messages = (errors: FormError[]) => errors.map((e) => e.message);

describe('validateApplicationForm', () => {
  it('accepts a complete form', () => {
    expect(validate()).toEqual([]);
  });

  it("says '{label}' is required. for empty required fields, in form order", () => {
    expect(messages(validate({ NAME1: '', NAME2: '  ', EMAIL: '', TEL1: '', NATIONALITY: '' }))).toEqual([
      "'Given name' is required.",
      "'Family name' is required.",
      "'Email address' is required.",
      "'Telephone number' is required.",
      "'Nationality' is required.",
    ]);
  });

  it('checks lengths with the exact texts of spec section 5', () => {
    expect(messages(validate({ NAME1: 'a'.repeat(257) }))).toEqual(["'Given name' max length is 256."]);
    expect(messages(validate({ TEL1: '123' }))).toEqual(["'Telephone number' min length is 4."]);
    expect(messages(validate({ TEL2: '1'.repeat(33) }))).toEqual(["'Alternative telephone number' max length is 32."]);
    expect(messages(validate({ POSTCODE: 'EC1' }))).toEqual(["'Postcode' min length is 5."]);
    expect(messages(validate({ NOTES: 'x'.repeat(2001) }))).toEqual(["'Notes' max length is 2000."]);
  });

  it('checks the email format on the trimmed value', () => {
    expect(validate({ EMAIL: '  someone@example.org  ' })).toEqual([]);
    expect(messages(validate({ EMAIL: 'someone@' }))).toEqual(["'Email address' must have have email format."]);
  });

  it('needs 10 digits for the UCAS Personal ID only when APPLIED_TO_UCAS is yes', () => {
    expect(messages(validate({ UCAS_PERSONAL_ID: '12345' }))).toEqual(["'UCAS Personal ID' must be 10 numeric digits."]);
    expect(validate({ APPLIED_TO_UCAS: '0', UCAS_PERSONAL_ID: '12345' })).toEqual([]);
  });

  it('never reports a boolean as missing but refuses values other than 0, 1 or empty', () => {
    expect(validate({ PREVIOUSLY_STUDIED_AT_CITY: '' })).toEqual([]);
    expect(messages(validate({ PREVIOUSLY_APPLIED_TO_CITY: 'maybe' }))).toEqual(["'Previously applied to City' must be 0, 1 or empty."]);
  });

  it('applies the date of birth rules: format, month, day (February 28) and year', () => {
    expect(messages(validate({ DOB: '14/05/2006' }))).toEqual(["'Date of birth' must have format: dd/mm/yyyy."]);
    expect(messages(validate({ DOB: '2006-13-01' }))).toEqual(['Incorrect month 13: Month must be between 1 and 12.']);
    expect(messages(validate({ DOB: '2006-04-31' }))).toEqual(['Incorrect day 31: Day must be between 1 and 30.']);
    expect(messages(validate({ DOB: '2008-02-29' }))).toEqual(['Incorrect day 29: Day must be between 1 and 28.']);
    expect(messages(validate({ DOB: '1899-12-31' }))).toEqual(['Invalid Date of Birth Year: 1899. Year must be between 1900 and 2026.']);
    expect(messages(validate({ DOB: '2027-01-01' }))).toEqual(['Invalid Date of Birth Year: 2027. Year must be between 1900 and 2026.']);
    expect(validate({ DOB: '1900-01-01' })).toEqual([]);
  });

  it('does not validate hidden fields', () => {
    expect(validate({ NATIONALITY: 'GBR', VISA_TYPE: 'nonsense' })).toEqual([]);
    expect(messages(validate({ NATIONALITY: 'FRA', VISA_TYPE: 'nonsense' }))).toEqual(["'Visa type' must be one of the listed visa types."]);
    expect(validate({ PREVIOUS_UNI_STUDY: '0', PREVIOUS_STUDY_NOTES: 'x'.repeat(3000) })).toEqual([]);
    expect(messages(validate({ PREVIOUS_UNI_STUDY: '1', PREVIOUS_STUDY_NOTES: 'x'.repeat(3000) }))).toEqual(["'Previous study notes' max length is 2000."]);
  });

  it('needs at least one qualification and no duplicates', () => {
    expect(messages(validate({ QUALIFICATIONS: [] }))).toEqual(["'Qualifications' must have at least 1 item(s)."]);
    const twice = { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'B', YEAR: '2025' };
    const errors = validate({ QUALIFICATIONS: [twice, { ...twice, GRADE: 'A' }, { QUALIFICATION: 'ALEVEL', SUBJECT: 'Biology', GRADE: 'C', YEAR: '2025' }, twice] });
    expect(messages(errors)).toEqual(["'Qualifications' contains duplicated items: 1, 2, 4."]);
    expect(errors[0]?.section).toBe('qualifications');
    const gcse = { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '5', YEAR: '2023' };
    expect(messages(validate({ GCSE_QUALIFICATIONS: [gcse, gcse] }))).toEqual(["'GCSE qualifications' contains duplicated items: 1, 2."]);
  });

  it('allows one International Baccalaureate entry only', () => {
    const ib = { QUALIFICATION: 'IBO', IB_TOTAL: '36', IB_TOTAL_YEAR: '2025' };
    expect(validate({ QUALIFICATIONS: [ib] })).toEqual([]);
    expect(messages(validate({ QUALIFICATIONS: [ib, ib] }))).toEqual([
      "'Qualifications' cannot contain multiple International Baccalaureate (IBO) entries.",
    ]);
  });

  it('names the item and field of a qualification problem', () => {
    const errors = validate({ QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: '', YEAR: '2025' }] });
    expect(errors).toEqual([{ field: 'QUALIFICATIONS', path: 'QUALIFICATIONS.0.GRADE', section: 'qualifications', item: 1, message: "'Grade' is required." }]);
  });

  it('limits Access to HE credits to 45', () => {
    const access = { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', DISTINCTION_CREDITS: '30', MERIT_CREDITS: '15', PASS_CREDITS: '6', YEAR: '2025' };
    expect(messages(validate({ QUALIFICATIONS: [access] }))).toContain('The total number of credits must not be higher than 45.');
  });
});
