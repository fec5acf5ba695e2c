import { ROLES, hasPermission, type AssessForm, type Role } from '@clearing-desk/contracts';
import { submissionButtons } from './buttons';
import { assessWith, type AssessWith } from './test-fixtures';

const SUBMIT = [{ STATUS: 'S', LABEL: 'Submit' }];
const REFER = { STATUS: 'R', LABEL: 'Refer' };
const GREEN: Partial<AssessForm> = {};
const RED: Partial<AssessForm> = { QUALIFICATIONS: [] };
const AMBER: Partial<AssessForm> = {
  QUALIFICATIONS: [
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'B', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'B', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'B', YEAR: '2024' },
  ],
};
/** The buttons `access` gets for the default form changed by `form` (the light) and `extra`. */
const buttons = (access: Role | null, form: Partial<AssessForm>, extra: AssessWith = {}) =>
  assessWith({ ...extra, access, form: { ...form, ...extra.form } }).SUBMISSION_OPTIONS.BUTTONS;

describe('submit buttons (domain.md "Submit buttons")', () => {
  it('gives the public a single Submit button, whatever the light', () => {
    for (const form of [GREEN, AMBER, RED]) expect(buttons(null, form)).toEqual(SUBMIT);
  });

  it.each(ROLES.filter((role) => !hasPermission(role, 'SET_APPLICATION_STATUS') && role !== 'Visa Team'))(
    'gives staff without the set-status permission who may edit (%s) Submit only',
    (role) => {
      expect(buttons(role, GREEN)).toEqual(SUBMIT);
      expect(buttons(role, RED)).toEqual(SUBMIT);
    },
  );

  it('gives the Visa Team (no edit permission: spec section 6) no button at all, whatever the light', () => {
    for (const form of [GREEN, AMBER, RED]) expect(buttons('Visa Team', form)).toEqual([]);
    expect(buttons('Visa Team', GREEN, { form: { SECOND_YEAR_ENTRY: '1' } })).toEqual([]);
  });

  describe.each(ROLES.filter((role) => hasPermission(role, 'SET_APPLICATION_STATUS')))('staff with set-status (%s)', (role) => {
    it('G: Offer and Refer', () => {
      expect(buttons(role, GREEN)).toEqual([{ STATUS: 'O', LABEL: 'Offer' }, REFER]);
    });

    it('G on a course that interviews: Invite to interview and Refer', () => {
      expect(buttons(role, GREEN, { assessmentInfo: { interviews: true } })).toEqual([{ STATUS: 'I', LABEL: 'Invite to interview' }, REFER]);
    });

    it('A: Refer and Pool', () => {
      expect(buttons(role, AMBER)).toEqual([REFER, { STATUS: 'P', LABEL: 'Pool' }]);
    });

    it('R: Reject and Refer', () => {
      expect(buttons(role, RED)).toEqual([{ STATUS: 'X', LABEL: 'Reject' }, REFER]);
    });

    it('under 18 on the course start date: Refer only, whatever the light', () => {
      const under18 = { form: { DOB: '2008-09-29' } };
      expect(buttons(role, GREEN, under18)).toEqual([REFER]);
      expect(buttons(role, RED, under18)).toEqual([REFER]);
    });

    it('second-year entry: Refer only', () => {
      expect(buttons(role, GREEN, { form: { SECOND_YEAR_ENTRY: '1' } })).toEqual([REFER]);
      expect(buttons(role, AMBER, { form: { SECOND_YEAR_ENTRY: '1' } })).toEqual([REFER]);
    });
  });

  it('gives the public Submit even when under 18 or entering the second year', () => {
    expect(buttons(null, GREEN, { form: { DOB: '2010-01-01', SECOND_YEAR_ENTRY: '1' } })).toEqual(SUBMIT);
  });

  it('treats an unknown role as the public', () => {
    expect(submissionButtons({ access: 'Janitor', light: 'G', over18: 1, secondYearEntry: false, interviews: false })).toEqual(SUBMIT);
  });

  it('returns fresh objects each time', () => {
    const a = submissionButtons({ access: null, light: 'G', over18: 1, secondYearEntry: false, interviews: false });
    const b = submissionButtons({ access: null, light: 'G', over18: 1, secondYearEntry: false, interviews: false });
    expect(a[0]).not.toBe(b[0]);
  });

  describe('with no place left', () => {
    const full = { light: 'G' as const, over18: 1 as const, secondYearEntry: false, interviews: false, placesLeft: 0 };
    it('gives advisers Refer and Pool instead of Offer', () => {
      expect(submissionButtons({ ...full, access: 'Back Office' }).map((b) => b.STATUS)).toEqual(['R', 'P']);
    });
    it('keeps Offer for an Administrator, who may offer over the allowance after confirming', () => {
      expect(submissionButtons({ ...full, access: 'Administrator' }).map((b) => b.STATUS)).toEqual(['O', 'R']);
    });
    it('keeps Invite to interview (an invitation takes no place)', () => {
      expect(submissionButtons({ ...full, access: 'Back Office', interviews: true }).map((b) => b.STATUS)).toEqual(['I', 'R']);
    });
    it('offers while a place is left', () => {
      expect(submissionButtons({ ...full, access: 'Back Office', placesLeft: 1 }).map((b) => b.STATUS)).toEqual(['O', 'R']);
    });
  });
});
