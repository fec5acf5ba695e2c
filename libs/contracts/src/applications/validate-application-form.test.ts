import { buildQualOption } from '../qualifications/catalogue';
import { createApplicationForm } from '../testing';
import { validateApplicationForm, type FormError } from './validate-application-form';

const qualOptions = ['ALEVEL', 'GCSE', 'IBO', 'ACCESS_HE', 'ENGLISH_TEST'].map((c) => buildQualOption(c as 'ALEVEL'));
const validate = (overrides: Record<string, unknown> = {}) => validateApplicationForm(createApplicationForm(overrides), { qualOptions, currentYear: 2026 });
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

  it('needs the required yes/no questions answered (spec section 5), never an optional one, and refuses values other than 0, 1 or empty', () => {
    expect(messages(validate({ PREVIOUSLY_STUDIED_AT_CITY: '' }))).toEqual(["'Previously studied at City' is required."]);
    expect(messages(validate({ APPLIED_TO_UCAS: '', PREVIOUS_UNI_STUDY: '' }))).toEqual([
      "'Applied to UCAS' is required.",
      "'Previous university study' is required.",
    ]);
    expect(validate({ APPLIED_TO_UNIGO: '' })).toEqual([]);
    // It starts unanswered like the required ones (domain.md "Form behaviour": no 'No' nobody chose).
    expect(createApplicationForm().APPLIED_TO_UNIGO).toBe('');
    expect(messages(validate({ PREVIOUSLY_APPLIED_TO_CITY: 'maybe' }))).toEqual(["'Previously applied to City' must be 0, 1 or empty."]);
  });

  it('applies the date of birth rules: format, month, day (February 28) and year', () => {
    expect(messages(validate({ DOB: '14/05/2006' }))).toEqual(["'Date of birth' must have format: dd/mm/yyyy."]);
    expect(messages(validate({ DOB: '2006-13-01' }))).toEqual(['Incorrect month 13: Month must be between 1 and 12.']);
    expect(messages(validate({ DOB: '2006-04-31' }))).toEqual(['Incorrect day 31: Day must be between 1 and 30.']);
    // domain.md: 29 February is accepted in leap years only.
    expect(messages(validate({ DOB: '2007-02-29' }))).toEqual(['Incorrect day 29: Day must be between 1 and 28.']);
    expect(validate({ DOB: '2008-02-29' })).toEqual([]);
    expect(validate({ DOB: '2000-02-29' })).toEqual([]);
    expect(messages(validate({ DOB: '1900-02-29' }))).toEqual(['Incorrect day 29: Day must be between 1 and 28.']);
    expect(messages(validate({ DOB: '2008-02-30' }))).toEqual(['Incorrect day 30: Day must be between 1 and 29.']);
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
    const errors = validate({
      QUALIFICATIONS: [twice, { ...twice, GRADE: 'A' }, { QUALIFICATION: 'ALEVEL', SUBJECT: 'Biology', GRADE: 'C', YEAR: '2025' }, twice],
    });
    expect(messages(errors)).toEqual(["'Qualifications' contains duplicated items: 1, 2, 4."]);
    expect(errors[0]?.section).toBe('qualifications');
    const gcse = { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '5', YEAR: '2023' };
    expect(messages(validate({ GCSE_QUALIFICATIONS: [gcse, gcse] }))).toEqual(["'GCSE qualifications' contains duplicated items: 1, 2."]);
  });

  it('takes a resit in another year, which is not a duplicate (domain.md "Traffic light")', () => {
    const first = { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '3', YEAR: '2022' };
    expect(validate({ GCSE_QUALIFICATIONS: [first, { ...first, GRADE: '5', YEAR: '2023' }] })).toEqual([]);
    const aLevel = { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'C', YEAR: '2024' };
    expect(validate({ QUALIFICATIONS: [aLevel, { ...aLevel, GRADE: 'A', YEAR: '2025' }] })).toEqual([]);
  });

  it('takes a GCSE subject that is not among the suggestions (free text, max 256)', () => {
    expect(validate({ GCSE_QUALIFICATIONS: [{ QUALIFICATION: 'GCSE', SUBJECT: 'Citizenship Studies', GRADE: '6', YEAR: '2023' }] })).toEqual([]);
    expect(messages(validate({ GCSE_QUALIFICATIONS: [{ QUALIFICATION: 'GCSE', SUBJECT: 'x'.repeat(257), GRADE: '6', YEAR: '2023' }] }))).toEqual([
      "'Subject' max length is 256.",
    ]);
  });

  it('allows one International Baccalaureate entry only', () => {
    const ib = { QUALIFICATION: 'IBO', IB_TOTAL: '36', IB_TOTAL_YEAR: '2025' };
    expect(validate({ QUALIFICATIONS: [ib] })).toEqual([]);
    expect(messages(validate({ QUALIFICATIONS: [ib, ib] }))).toEqual(["'Qualifications' cannot contain multiple International Baccalaureate (IBO) entries."]);
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

describe('validateApplicationForm: documents (spec section 5)', () => {
  const token = 'T'.repeat(43);
  const doc = (overrides: Record<string, unknown> = {}) => ({
    file_id: 'f1',
    file_type: 'application/pdf',
    file_name: 'results.pdf',
    file_size: 2048,
    document_type: 'ALEVELS',
    file_token: token,
    ...overrides,
  });
  const withDocs = (docs: Record<string, unknown>, documentTypes?: ('ALEVELS' | 'ENGLISHTEST' | 'GCSE2' | 'GCSE5' | 'OTHER')[]) =>
    validateApplicationForm(createApplicationForm(docs), { qualOptions, currentYear: 2026, documentTypes });

  it('accepts uploaded files of every allowed format up to 5,242,880 bytes', () => {
    expect(withDocs({ ALEVELS_DOCUMENT_1: doc(), ALEVELS_DOCUMENT_5: doc({ file_name: 'scan.JPG', file_type: 'image/jpeg', file_size: 5_242_880 }) })).toEqual(
      [],
    );
  });

  it("says '{label}' max size is 5 MB. above 5,242,880 bytes", () => {
    expect(withDocs({ ALEVELS_DOCUMENT_2: doc({ file_size: 5_242_881 }) })).toEqual([
      { field: 'ALEVELS_DOCUMENT_2', path: 'ALEVELS_DOCUMENT_2', section: 'qualifications', message: "'A levels / BTEC / IB document 2' max size is 5 MB." },
    ]);
  });

  it("says '{label}' allowed file formats: PDF, PNG, BMP, JPEG, JPG, DOC, DOCX. for other formats", () => {
    expect(messages(withDocs({ ENGLISHTEST_DOCUMENT_1: doc({ document_type: 'ENGLISHTEST', file_name: 'ielts.txt', file_type: 'text/plain' }) }))).toEqual([
      "'English test document 1' allowed file formats: PDF, PNG, BMP, JPEG, JPG, DOC, DOCX.",
    ]);
  });

  it("shows a file's custom_error as it is, before any other problem", () => {
    const virus = "'GCSE document 1' - The document you provided could not be uploaded because it contained a virus. Please check the document and try again.";
    expect(messages(withDocs({ GCSE5_DOCUMENT_1: doc({ document_type: 'GCSE5', file_token: '', file_name: 'eicar.exe', custom_error: virus }) }))).toEqual([
      virus,
    ]);
  });

  it('refuses a file that was never uploaded (no file token)', () => {
    expect(messages(withDocs({ OTHER_DOCUMENT_1: doc({ document_type: 'OTHER', file_token: '' }) }))).toEqual([
      "'Other document 1' - An unexpected error occurred. Please try again.",
    ]);
  });

  it("counts only the course's categories, like hidden fields", () => {
    const bad = { ENGLISHTEST_DOCUMENT_1: doc({ document_type: 'ENGLISHTEST', file_size: 9_999_999 }) };
    expect(withDocs(bad, ['ALEVELS', 'GCSE5'])).toEqual([]);
    expect(withDocs(bad, ['ALEVELS', 'ENGLISHTEST'])).toHaveLength(1);
    expect(withDocs(bad)).toHaveLength(1);
  });

  it('allows at most 5 files per category and 2 for GCSE2', () => {
    expect(messages(withDocs({ GCSE2_DOCUMENT_2: doc(), GCSE2_DOCUMENT_3: doc() }, ['GCSE2']))).toEqual([
      "'GCSE English and Mathematics documents' must have at most 2 item(s).",
    ]);
    expect(messages(withDocs({ OTHER_DOCUMENT_6: doc() }, ['OTHER']))).toEqual(["'Other documents' must have at most 5 item(s)."]);
    expect(withDocs({ OTHER_DOCUMENT_6: doc() }, ['ALEVELS'])).toEqual([]);
  });
});
