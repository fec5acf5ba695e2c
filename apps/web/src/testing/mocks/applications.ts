import type { ApplyResponse, Assessment, StatusPageResponse } from '@clearing-desk/contracts';
import { SUBMISSION_BUTTONS } from '@clearing-desk/contracts';

/**
 * Web-only test data for the application form (libs/contracts/testing has no generators for
 * these answers yet): an assessment and an apply answer, valid against the contracts.
 */
export function createAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    UCAS_POINTS_TOTAL: 144,
    UCAS_POINTS_EFFECTIVE: 144,
    TRAFFIC_LIGHT: 'G',
    OVER18: 1,
    SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.SUBMIT }] },
    EXPLANATION: [],
    ALTERNATE: [],
    ...overrides,
  };
}

export function createApplyResponse(overrides: Partial<ApplyResponse> = {}): ApplyResponse {
  return {
    id: ['S0001', 'G400', 'A0001', '004217'],
    hash: 'c0ffee12',
    app_id: 'A0001',
    confirmed_status: 'O',
    rejection_reasons: [],
    recommended_courses: [],
    assessment: createAssessment(),
    depart_number: '31',
    ...overrides,
  };
}

export type StoredApplication = { submissionId: string; body: Record<string, unknown>; response: ApplyResponse; review: StatusPageResponse };
