import type { DecisionEmailPayload } from '../notifications/outbox';

/** An outbox payload of kind 'decision-email': an automatic public offer unless overridden. */
export function createDecisionEmailPayload(overrides: Partial<DecisionEmailPayload> = {}): DecisionEmailPayload {
  return {
    applicationId: '17',
    studentId: '2600001',
    ucasCode: 'G400',
    hash: 'a'.repeat(64),
    reference: '31100017',
    intake: '2025/26',
    source: 'public',
    previousStatus: null,
    status: 'O',
    subStatus: 'AO',
    decidedAt: '2025-08-14T08:30:00.000Z',
    applicant: { NAME1: 'Ann', NAME2: 'Example', EMAIL: 'ann@example.com', NATIONALITY: 'GBR', APPLIED_TO_UCAS: true },
    course: {
      UCAS_CODE: 'G400',
      COURSE_CODE_OVERRIDE: null,
      COURSE_TITLE: 'Computer Science',
      QUALIFICATION: 'BSc (Hons)',
      COURSE_START_DATE: '2025-09-29',
      FEEDBACK_TELEPHONE: '020 7040 8716',
      SCHOOL: 'SCI',
    },
    rejectionReasons: [],
    recommendedCourses: [],
    interview: null,
    ...overrides,
  };
}
