import type { ApplicationStatus, ApplyResponse, Assessment, Scenario } from '@clearing-desk/contracts';

/**
 * What the application form receives after a training call is "submitted":
 * the assessment of the answers with the status the trainee chose, shaped as the form's submit
 * answer so the form is reused whole. Nothing was stored, so there is no student, application or
 * reference: those parts are empty and `hash` is the scenario's. A rejection carries the red
 * explanations as its reasons, as a real one would.
 */
export function trainingCallResponse(scenario: Pick<Scenario, 'HASH' | 'UCAS_CODE'>, status: ApplicationStatus, assessment: Assessment): ApplyResponse {
  return {
    id: ['', scenario.UCAS_CODE, '', ''],
    hash: scenario.HASH,
    app_id: '',
    confirmed_status: status,
    rejection_reasons: status === 'X' ? assessment.EXPLANATION.filter((e) => e.STATUS === 'R').map((e) => ({ MESSAGE: e.MESSAGE })) : [],
    recommended_courses: [],
    assessment,
    depart_number: '',
  };
}
