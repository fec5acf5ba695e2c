import type { Assessment } from '../assessment/assessment';
import { createApplicationForm, createCourse, createCourseDetail } from '../testing';
import { DEFAULT_CLOSED_MESSAGE } from '../status/clearing-texts';
import { PUBLIC_STATUS_ONLY } from './store-application';
import { createSubmissionId, SUBMISSION_ID_KIND_MISMATCH } from './submission-id';
import {
  checkSubmission,
  claimNeeded,
  clearingClosedRefusal,
  courseOpenRefusal,
  decideStaffOutcome,
  noPlaceRefusal,
  publicStatusRefusal,
  submissionKindRefusal,
} from './submit-steps';

describe('the refusals of a submission, each alone', () => {
  it('publicStatusRefusal: none or S passes; any other STATUS is 400 PUBLIC_STATUS_ONLY', () => {
    expect(publicStatusRefusal(undefined)).toBeNull();
    expect(publicStatusRefusal('S')).toBeNull();
    expect(publicStatusRefusal('O')).toEqual({ status: 400, message: PUBLIC_STATUS_ONLY });
  });

  it('submissionKindRefusal: an id of the other kind is 409 with the route’s words; an unbound id passes', () => {
    expect(submissionKindRefusal(createSubmissionId('staff'), 'public')).toEqual({ status: 409, message: SUBMISSION_ID_KIND_MISMATCH.public });
    expect(submissionKindRefusal(createSubmissionId('public'), 'staff')).toEqual({ status: 409, message: SUBMISSION_ID_KIND_MISMATCH.staff });
    expect(submissionKindRefusal(createSubmissionId('public'), 'public')).toBeNull();
    expect(submissionKindRefusal('6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', 'staff')).toBeNull();
  });

  it('clearingClosedRefusal: open passes; closed is 403 with the closing message, or the default one', () => {
    expect(clearingClosedRefusal({ state: 1, closing_message: null })).toBeNull();
    expect(clearingClosedRefusal({ state: 0, closing_message: 'Closed until 9am.' })).toEqual({ status: 403, message: 'Closed until 9am.' });
    expect(clearingClosedRefusal({ state: 0, closing_message: '' })).toEqual({ status: 403, message: DEFAULT_CLOSED_MESSAGE });
  });

  it('noPlaceRefusal: no place left is 409 COURSE_CLOSED, except for a stored key (a retry) or a course the ledger has not seen', () => {
    expect(noPlaceRefusal({ placesLeft: 0, stored: false })).toEqual({ status: 409, message: 'COURSE_CLOSED' });
    expect(noPlaceRefusal({ placesLeft: 0, stored: true })).toBeNull();
    expect(noPlaceRefusal({ placesLeft: null, stored: false })).toBeNull();
    expect(noPlaceRefusal({ placesLeft: 3, stored: false })).toBeNull();
  });

  it('courseOpenRefusal: suspended 409 COURSE_SUSPENDED; no internal vacancies closes the course to the public, not to staff', () => {
    expect(courseOpenRefusal(createCourse())).toBeNull();
    expect(courseOpenRefusal(createCourse({ SUSPENDED: true }), 'staff')).toEqual({ status: 409, message: 'COURSE_SUSPENDED' });
    expect(courseOpenRefusal(createCourse({ VACANCIES_INTERNAL: 0 }))).toEqual({ status: 409, message: 'COURSE_CLOSED' });
    expect(courseOpenRefusal(createCourse({ VACANCIES_INTERNAL: 0 }), 'staff')).toBeNull();
  });

  it('claimNeeded: only a new key of a person who has not applied', () => {
    expect(claimNeeded({ stored: false, applied: false })).toBe(true);
    expect(claimNeeded({ stored: true, applied: true })).toBe(false);
    expect(claimNeeded({ stored: false, applied: true })).toBe(false);
  });
});

describe('checkSubmission', () => {
  const detail = createCourseDetail();

  it("answers spec section 5's messages joined by ' ' (400), then names a field whose value the assessment cannot take", () => {
    expect(checkSubmission(detail, { ...createApplicationForm(), NAME1: '' }).refusal).toEqual({ status: 400, message: "'Given name' is required." });
    expect(checkSubmission(detail, { ...createApplicationForm(), SECOND_YEAR_ENTRY: ' 0' }).refusal).toEqual({
      status: 400,
      message: "SECOND_YEAR_ENTRY: 'Second year entry' must be 0 or 1.",
    });
  });

  it('answers the submission, its assessable part and the course’s document categories', () => {
    const { refusal, checked } = checkSubmission(detail, createApplicationForm());
    expect(refusal).toBeNull();
    expect(checked?.assessable.QUALIFICATIONS).toHaveLength(3);
    expect(checked?.documentTypes).toEqual(['ALEVELS', 'GCSE5']);
  });
});

describe('decideStaffOutcome', () => {
  const red: Pick<Assessment, 'EXPLANATION' | 'ALTERNATE'> = {
    EXPLANATION: [
      { STATUS: 'R', MESSAGE: 'Effective UCAS points 40 are below the accepted tariff of 112.' },
      { STATUS: 'A', MESSAGE: 'Please send evidence of English.' },
    ],
    ALTERNATE: [{ COURSE: 'G401', SCHOOL: 'SCI', EXTENSION: '7001' }],
  };
  const candidates = [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc', COURSE_CODE_OVERRIDE: null }];

  it('gives a rejection its red reasons and the alternatives, with no sub-status', () => {
    expect(decideStaffOutcome('X', red, undefined, candidates)).toEqual({
      confirmed_status: 'X',
      sub_status: null,
      rejection_reasons: [{ MESSAGE: 'Effective UCAS points 40 are below the accepted tariff of 112.' }],
      recommended_courses: candidates,
    });
  });

  it('keeps reasons the adviser gave and adds nothing for other statuses', () => {
    expect(decideStaffOutcome('R', red, undefined, candidates)).toMatchObject({ rejection_reasons: [], recommended_courses: [] });
    expect(decideStaffOutcome('X', red, [{ MESSAGE: 'Own reason' }], candidates).rejection_reasons).toEqual([{ MESSAGE: 'Own reason' }]);
  });
});
