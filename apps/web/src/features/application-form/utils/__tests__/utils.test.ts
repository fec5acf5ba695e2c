import { buildQualOption } from '@clearing-desk/contracts';
import { createApplicationForm, createCourse } from '@clearing-desk/contracts/testing';
import { errorTargetId } from '../field-ids';
import { createFormValues, toAssessable } from '../form-values';
import { formReducer, initFormState } from '../form-reducer';
import { ibSections, withIbTotalYear } from '../ib';
import { qualificationSummary } from '../qualification-summary';
import { pathHasValue } from '../visible-errors';

describe('createFormValues', () => {
  it('starts every yes/no question unanswered (APPLIED_TO_UNIGO too), text empty, groups empty, first-year entry', () => {
    const values = createFormValues(createCourse());
    expect(values).toMatchObject({
      NAME1: '',
      APPLIED_TO_UCAS: '',
      PREVIOUSLY_STUDIED_AT_CITY: '',
      PREVIOUSLY_APPLIED_TO_CITY: '',
      PREVIOUS_UNI_STUDY: '',
      APPLIED_TO_UNIGO: '',
      SECOND_YEAR_ENTRY: '0',
      QUALIFICATIONS: [],
      NATIONALITY: '',
    });
  });

  it('forces SECOND_YEAR_ENTRY to 0 when the course has no second-year entry', () => {
    expect(createFormValues(createCourse(), { SECOND_YEAR_ENTRY: '1' }).SECOND_YEAR_ENTRY).toBe('0');
    expect(createFormValues(createCourse({ ALLOW_SECOND_YEAR_ENTRY: true }), { SECOND_YEAR_ENTRY: '1' }).SECOND_YEAR_ENTRY).toBe('1');
  });
});

describe('toAssessable', () => {
  it('sends an unfinished date of birth as empty', () => {
    const values = createFormValues(createCourse(), createApplicationForm({ DOB: '2006-02-31' }));
    expect(toAssessable(values).DOB).toBe('');
    expect(toAssessable({ ...values, DOB: '2006-02-28' }).DOB).toBe('2006-02-28');
  });
});

describe('IB', () => {
  const years = ['EE_YEAR', 'TOK_YEAR', 'HL_YEAR_1', 'SL_YEAR_1'];

  it('fills the empty IB years as the total year is typed, keeping years given by hand', () => {
    let item: Record<string, string> & { QUALIFICATION: string } = { QUALIFICATION: 'IBO', TOK_YEAR: '2023' };
    for (const typed of ['2', '20', '202', '2024']) item = withIbTotalYear(item, years, typed);
    expect(item).toEqual({ QUALIFICATION: 'IBO', IB_TOTAL_YEAR: '2024', EE_YEAR: '2024', TOK_YEAR: '2023', HL_YEAR_1: '2024', SL_YEAR_1: '2024' });
  });

  it('groups the IB fields into total, core and subject sections', () => {
    expect(ibSections(buildQualOption('IBO').fields).map((s) => s.legend)).toEqual([
      'IB Total',
      'Extended Essay',
      'Theory of Knowledge',
      'Higher Level Subject 1',
      'Higher Level Subject 2',
      'Higher Level Subject 3',
      'Standard Level Subject 1',
      'Standard Level Subject 2',
      'Standard Level Subject 3',
    ]);
  });

  it('reads an IB item back without the empty subject slots', () => {
    const item = {
      QUALIFICATION: 'IBO',
      IB_TOTAL: '38',
      IB_TOTAL_YEAR: '2024',
      HL_SUBJECT_1: 'Physics',
      HL_GRADE_1: '7',
      HL_YEAR_1: '2024',
      HL_YEAR_2: '2024',
    };
    expect(qualificationSummary(item, buildQualOption('IBO'))).toBe(
      'IB Total: 38, IB Total year: 2024, Higher Level Subject 1: Physics, Higher Level Subject 1 grade: 7, Higher Level Subject 1 year: 2024',
    );
  });

  it('names the values of an Access to HE item, which are mostly credit counts', () => {
    const item = { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', DISTINCTION_CREDITS: '30', MERIT_CREDITS: '15', PASS_CREDITS: '', YEAR: '2024' };
    expect(qualificationSummary(item, buildQualOption('ACCESS_HE'))).toBe('Subject: Science, Distinction credits: 30, Merit credits: 15, Year: 2024');
  });

  it('reads other items back as their values', () => {
    const item = { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2025' };
    expect(qualificationSummary(item, buildQualOption('ALEVEL'))).toBe('Mathematics, A*, 2025');
  });
});

describe('form reducer', () => {
  it('keeps item ids stable when an item is removed', () => {
    let state = initFormState(createFormValues(createCourse()));
    state = formReducer(state, { type: 'add-item', group: 'QUALIFICATIONS' });
    state = formReducer(state, { type: 'add-item', group: 'QUALIFICATIONS' });
    const [first, second] = state.itemIds.QUALIFICATIONS;
    expect(state.openItems.has(second!)).toBe(true);
    state = formReducer(state, { type: 'remove-item', group: 'QUALIFICATIONS', index: 0 });
    expect(state.itemIds.QUALIFICATIONS).toEqual([second]);
    expect(state.openItems.has(first!)).toBe(false);
  });

  it('keeps only the values the new type can hold', () => {
    let state = initFormState(
      createFormValues(createCourse(), { QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A*', YEAR: '2024' }] }),
    );
    state = formReducer(state, { type: 'set-item-type', group: 'QUALIFICATIONS', index: 0, qualification: 'ASLEVEL', keep: ['SUBJECT', 'YEAR'] });
    expect(state.values.QUALIFICATIONS).toEqual([{ QUALIFICATION: 'ASLEVEL', SUBJECT: 'Physics', YEAR: '2024' }]);
  });

  it('makes one SUBMISSION_ID per form', () => {
    const a = initFormState(createFormValues(createCourse()));
    const b = formReducer(a, { type: 'set-field', name: 'NAME1', value: 'Amara' });
    expect(b.submissionId).toBe(a.submissionId);
    expect(initFormState(createFormValues(createCourse())).submissionId).not.toBe(a.submissionId);
  });
});

describe('error paths', () => {
  const values = createFormValues(createCourse(), {
    NAME1: 'A',
    QUALIFICATIONS: [
      { QUALIFICATION: 'ALEVEL', GRADE: '' },
      { QUALIFICATION: 'ACCESS_HE', PASS_CREDITS: '50' },
    ],
  });

  it('knows whether the value behind an error was given', () => {
    expect(pathHasValue(values, 'NAME1')).toBe(true);
    expect(pathHasValue(values, 'NAME2')).toBe(false);
    expect(pathHasValue(values, 'QUALIFICATIONS')).toBe(true);
    expect(pathHasValue(values, 'GCSE_QUALIFICATIONS')).toBe(false);
    expect(pathHasValue(values, 'QUALIFICATIONS.0.GRADE')).toBe(false);
    expect(pathHasValue(values, 'QUALIFICATIONS.0')).toBe(false);
    expect(pathHasValue(values, 'QUALIFICATIONS.1')).toBe(true);
  });

  it('links each error to an element of the form', () => {
    expect(errorTargetId({ field: 'NAME1', path: 'NAME1' })).toBe('NAME1');
    expect(errorTargetId({ field: 'DOB', path: 'DOB' })).toBe('DOB-day');
    expect(errorTargetId({ field: 'QUALIFICATIONS', path: 'QUALIFICATIONS' })).toBe('QUALIFICATIONS');
    expect(errorTargetId({ field: 'QUALIFICATIONS', path: 'QUALIFICATIONS.1' })).toBe('QUALIFICATIONS-1');
    expect(errorTargetId({ field: 'QUALIFICATIONS', path: 'QUALIFICATIONS.1.GRADE' })).toBe('QUALIFICATIONS-1-GRADE');
  });
});
