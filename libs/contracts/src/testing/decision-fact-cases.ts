import type { DecisionEmailPayload } from '../notifications/outbox';
import { createDecisionEmailPayload } from './decision-email-payload';

/** The configuration every surface of the five-surface test renders with (the Clearing team's number, the institution code). */
export const DECISION_FACT_CONTEXT = { clearingTeamTelephone: '020 7040 4000', institutionCode: 'Z99' } as const;

/** One decision every surface renders: its name and the decision (as its outbox payload carries it). */
export type DecisionFactCase = { name: string; payload: DecisionEmailPayload };

const staff = (status: DecisionEmailPayload['status'], previousStatus: DecisionEmailPayload['previousStatus'], overrides: Partial<DecisionEmailPayload> = {}) =>
  createDecisionEmailPayload({ source: 'staff', status, previousStatus, subStatus: null, ...overrides });

const applicant = createDecisionEmailPayload().applicant;
const course = createDecisionEmailPayload().course;

/**
 * Every outcome variant a decision has for the applicant (the statuses that send an email, the
 * visa and no-UCAS variants, a course without a telephone, SHS's referral): the table the script,
 * the Saved screen, the public confirmation, the email and the status page are rendered from, so a
 * test can compare their facts.
 */
export const DECISION_FACT_CASES: readonly DecisionFactCase[] = [
  { name: 'automatic offer', payload: createDecisionEmailPayload() },
  {
    name: 'automatic offer without a UCAS application (AR)',
    payload: createDecisionEmailPayload({ subStatus: 'AR', applicant: { ...applicant, APPLIED_TO_UCAS: false } }),
  },
  { name: 'offer to a caller who needs a visa', payload: staff('O', 'S', { applicant: { ...applicant, NATIONALITY: 'NGA', VISA_TYPE: null } }) },
  {
    name: 'offer on a course without a telephone',
    payload: staff('O', 'S', { course: { ...course, FEEDBACK_TELEPHONE: null, COURSE_CODE_OVERRIDE: 'G40F' } }),
  },
  {
    name: 'interview invitation',
    payload: staff('I', 'S', { interview: { INTERVIEW_DATE: '2025-08-19', INTERVIEW_TIME: '10:30', INTERVIEW_VENUE: 'Room A101, Tait Building' } }),
  },
  {
    name: 'online interview for a caller who needs a visa',
    payload: staff('I', 'S', {
      applicant: { ...applicant, NATIONALITY: 'USA', VISA_TYPE: null },
      interview: { INTERVIEW_DATE: '2025-08-20', INTERVIEW_TIME: '14:00', INTERVIEW_VENUE: 'https://meet.university.example/interview/17' },
    }),
  },
  { name: 'public submission received', payload: createDecisionEmailPayload({ status: 'S', subStatus: null }) },
  { name: 'Front Office submission received', payload: staff('S', null) },
  { name: 'referral', payload: staff('R', 'S') },
  { name: 'referral in the School of Health Sciences', payload: staff('R', 'S', { course: { ...course, SCHOOL: 'SHS', COURSE_TITLE: 'Nursing (Adult)' } }) },
  { name: 'pooled', payload: staff('P', 'S') },
  {
    name: 'automatic rejection',
    payload: createDecisionEmailPayload({
      status: 'X',
      subStatus: 'AX',
      rejectionReasons: ['Effective UCAS points 64 are below the accepted tariff of 112.'],
      recommendedCourses: [{ UCAS_CODE: 'G413', COURSE_TITLE: 'Data Science', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null }],
    }),
  },
  { name: 'withdrawal', payload: staff('W', 'O') },
];
