import { applicationReference, decisionCourseOf, decisionFacts, type DeskApplicationResponse, type DecisionFactSheet } from '@clearing-desk/contracts';

/**
 * The stored decision's facts (contracts' decisionFacts) from the staff record: the deadline,
 * interview and institution code are the server's (GET /api/admin/applications/{s}/{c}
 * `decision`), so the script and the Saved screen read back what the email says.
 */
export function deskDecisionFacts(
  detail: Pick<DeskApplicationResponse, 'applicationData' | 'courseData' | 'decision'>,
  clearingTeamTelephone: string,
): DecisionFactSheet {
  const { applicationData: a, courseData, decision } = detail;
  return decisionFacts({
    status: a.STATUS,
    subStatus: a.SUB_STATUS ?? null,
    reference: applicationReference(a),
    course: decisionCourseOf(courseData),
    clearingTeamTelephone,
    institutionCode: decision?.INSTITUTION_CODE ?? '',
    deadline: decision?.DEADLINE ? new Date(decision.DEADLINE) : null,
    interview: decision?.INTERVIEW ?? null,
    nationality: a.NATIONALITY || null,
    visaType: a.VISA_TYPE || null,
    appliedToUcas: a.APPLIED_TO_UCAS === '1',
  });
}
