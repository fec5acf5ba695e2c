import {
  applyResponseSchema,
  buildCallScript,
  courseScriptValues,
  DECISION_FACT_ATTRIBUTE,
  decisionFactRows,
  decisionFacts,
  decisionFactsInputOf,
  statusPageResponseSchema,
  type DecisionEmailPayload,
  type DecisionFactKey,
} from '@clearing-desk/contracts';
import { decisionDeadline } from '@clearing-desk/contracts/server';
import { createApplicationForm, createCourse, createCourseDetail, DECISION_FACT_CASES, DECISION_FACT_CONTEXT } from '@clearing-desk/contracts/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApplicationConfirmation } from '@/features/application-form/components/application-confirmation';
import { ApplicationStatus } from '@/features/application-status/components/application-status';
import { CallScript, deskDecisionFacts, SavedConfirmation } from '@/features/call-scripts';
import { createAssessment } from '@/testing/mocks/applications';

const TELEPHONE = DECISION_FACT_CONTEXT.clearingTeamTelephone;

/** The facts a rendered surface lists ([data-decision-fact] rows), key -> value. */
function factsOf(ui: ReactElement): Record<string, string> {
  const { container, unmount } = render(<MemoryRouter>{ui}</MemoryRouter>);
  const rows = [...container.querySelectorAll(`[${DECISION_FACT_ATTRIBUTE}]`)];
  const facts = Object.fromEntries(rows.map((row) => [row.getAttribute(DECISION_FACT_ATTRIBUTE) ?? '', row.querySelector('dd')?.textContent ?? '']));
  expect(rows).toHaveLength(Object.keys(facts).length);
  unmount();
  return facts;
}

/** The stored decision of a case as each screen receives it (the server's answers). */
function fixtures(payload: DecisionEmailPayload) {
  const deadline = decisionDeadline(payload.status, new Date(payload.decidedAt))?.toISOString() ?? null;
  const course = createCourse({ ...payload.course, DEPART_NUMBER: payload.reference.slice(0, 2) });
  const reference = payload.reference.slice(2);
  const form = {
    ...createApplicationForm(),
    NAME1: payload.applicant.NAME1,
    NAME2: payload.applicant.NAME2,
    EMAIL: payload.applicant.EMAIL,
    NATIONALITY: payload.applicant.NATIONALITY ?? '',
    VISA_TYPE: payload.applicant.VISA_TYPE ?? '',
    APPLIED_TO_UCAS: payload.applicant.APPLIED_TO_UCAS ? '1' : '0',
    ...(payload.applicant.APPLIED_TO_UCAS ? {} : { UCAS_PERSONAL_ID: '' }),
  };
  const applicationData = {
    ...form,
    STUDENT_ID: payload.studentId,
    APPLICATION_ID: payload.applicationId,
    REFERENCE: reference,
    DEPART_NUMBER: course.DEPART_NUMBER,
    UCAS_CODE: course.UCAS_CODE,
    STATUS: payload.status,
    SUB_STATUS: payload.subStatus,
    REJECTION_REASONS: payload.rejectionReasons.map((MESSAGE) => ({ MESSAGE })),
    OUTBOUND_CALL_FLAG: 0 as const,
    OUTBOUND_CALL_REMARK: null,
    OVER18: 1 as const,
    LOG: [],
    CREATED_AT: payload.decidedAt,
    UPDATED_AT: payload.decidedAt,
  };
  const applyResponse = applyResponseSchema.parse({
    id: [payload.studentId, course.UCAS_CODE, payload.applicationId, reference],
    hash: payload.hash,
    app_id: payload.applicationId,
    confirmed_status: payload.status,
    rejection_reasons: applicationData.REJECTION_REASONS,
    recommended_courses: payload.recommendedCourses,
    assessment: createAssessment(),
    depart_number: course.DEPART_NUMBER,
    decision_deadline: deadline,
    institution_code: DECISION_FACT_CONTEXT.institutionCode,
  });
  const review = statusPageResponseSchema.parse({
    applicationData,
    assessment: createAssessment(),
    courseData: course,
    qualOptions: createCourseDetail().qualOptions,
    documents: [],
    decision: {
      STATUS: payload.status,
      SUB_STATUS: payload.subStatus,
      DECIDED_AT: payload.decidedAt,
      DEADLINE: deadline,
      INTERVIEW: payload.interview,
      RECOMMENDED_COURSES: payload.recommendedCourses,
      LINK_VALID_UNTIL: '2026-03-31T22:59:00.000Z',
      INSTITUTION_CODE: DECISION_FACT_CONTEXT.institutionCode,
    },
  });
  const staffFacts = deskDecisionFacts(
    {
      applicationData: review.applicationData,
      courseData: course,
      decision: { DEADLINE: deadline, INTERVIEW: payload.interview, INSTITUTION_CODE: DECISION_FACT_CONTEXT.institutionCode },
    },
    TELEPHONE,
  );
  const script = buildCallScript(
    {
      status: payload.status,
      nationality: form.NATIONALITY,
      visaType: form.VISA_TYPE,
      over18: 1,
      secondYearEntry: false,
      allowSecondYearEntry: course.ALLOW_SECOND_YEAR_ENTRY,
      school: course.SCHOOL,
      trafficLight: 'G',
      access: 'Administrator',
      appliedToUcas: payload.applicant.APPLIED_TO_UCAS,
    },
    { ...courseScriptValues(course, TELEPHONE), ref: payload.reference, aid: payload.applicationId },
    { facts: staffFacts },
  );
  return { course, form, applyResponse, review, script };
}

describe('one story: the five surfaces of a decision list the same facts', () => {
  it.each(DECISION_FACT_CASES.map((c) => [c.name, c.payload] as const))('%s', (_name, payload) => {
    const expected = Object.fromEntries(
      decisionFactRows(decisionFacts(decisionFactsInputOf(payload, DECISION_FACT_CONTEXT, decisionDeadline(payload.status, new Date(payload.decidedAt))))).map(
        (r) => [r.key, r.value],
      ),
    ) as Record<DecisionFactKey, string>;
    const { course, form, applyResponse, review, script } = fixtures(payload);

    // The public confirmation follows a public submission only (a staff decision opens the Saved screen).
    const confirmation = payload.source === 'public';
    const surfaces = {
      script: factsOf(<CallScript script={script} />),
      saved: factsOf(<SavedConfirmation facts={script.facts} status={payload.status} outcome={script.outcome} nextCaller={null} />),
      confirmation: confirmation
        ? factsOf(
            <ApplicationConfirmation
              response={applyResponse}
              course={course}
              values={form}
              qualOptions={review.qualOptions}
              clearingTeamTelephone={TELEPHONE}
              courseName={`${course.COURSE_TITLE} ${course.QUALIFICATION}`}
              reviewHref="/review/h"
              searchHref="/apply"
              getCourseHref={(code) => `/apply/${code}`}
            />,
          )
        : expected,
      statusPage: factsOf(
        <ApplicationStatus review={review} clearingTeamTelephone={TELEPHONE} getCourseHref={(code) => `/apply/${code}`} details={null} now={() => 0} />,
      ),
    };
    // Each surface says exactly what decisionFacts says (the email's part: notifications-svc's decision-facts test).
    expect(surfaces).toEqual({ script: expected, saved: expected, confirmation: expected, statusPage: expected });
    expect(Object.keys(surfaces.statusPage)).toEqual(Object.keys(expected));
  });
});
