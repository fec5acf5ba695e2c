import { z } from 'zod';
import { applicationStatusSchema, applicationSubStatusSchema } from '../status/status-codes';
import { DECISION_REVIEW_TEXTS } from './automatic-decision-texts';

/** The applicant's request for a person to review an automatic decision (POST /api/applications/{hash}/review-request). */
export const decisionReviewRequestSchema = z.object({
  REASON: z.string().trim().min(1, { message: DECISION_REVIEW_TEXTS.REASON_REQUIRED }).max(2000, { message: DECISION_REVIEW_TEXTS.REASON_TOO_LONG }),
});
export type DecisionReviewRequest = z.infer<typeof decisionReviewRequestSchema>;

/** The answer to a request: when it was made and the date a person will answer by (config DECISION_REVIEW_RESPONSE_DAYS), ISO 8601. */
export const decisionReviewAcceptedSchema = z.object({ REQUESTED_AT: z.string(), RESPOND_BY: z.string() });
export type DecisionReviewAccepted = z.infer<typeof decisionReviewAcceptedSchema>;

export const DECISION_REVIEW_OUTCOMES = ['UPHELD', 'CHANGED'] as const;
export const decisionReviewOutcomeSchema = z.enum(DECISION_REVIEW_OUTCOMES);
export type DecisionReviewOutcome = z.infer<typeof decisionReviewOutcomeSchema>;

/** A back office member's outcome of a review: it stands or it changed, and what to tell the applicant. */
export const decisionReviewDecisionSchema = z.object({
  OUTCOME: decisionReviewOutcomeSchema,
  NOTE: z.string().trim().min(1, { message: DECISION_REVIEW_TEXTS.NOTE_REQUIRED }).max(2000),
});
export type DecisionReviewDecision = z.infer<typeof decisionReviewDecisionSchema>;

export const decisionReviewIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** One row of the back office's queue of reviews (oldest waiting first, then the decided ones). */
export const decisionReviewItemSchema = z.object({
  ID: z.number().int(),
  STUDENT_ID: z.string(),
  UCAS_CODE: z.string(),
  REFERENCE: z.string(),
  STATUS: applicationStatusSchema,
  SUB_STATUS: applicationSubStatusSchema.nullable(),
  REASON: z.string(),
  REQUESTED_AT: z.string(),
  RESPOND_BY: z.string(),
  OUTCOME: decisionReviewOutcomeSchema.nullable(),
  NOTE: z.string().nullable(),
  DECIDED_BY: z.string().nullable(),
  DECIDED_AT: z.string().nullable(),
});
export type DecisionReviewItem = z.infer<typeof decisionReviewItemSchema>;
export const decisionReviewListSchema = z.object({ rows: z.array(decisionReviewItemSchema) });
export type DecisionReviewList = z.infer<typeof decisionReviewListSchema>;

/**
 * The rules a decision was made under, stored with it: the UCAS Tariff tables' version and a
 * SHA-256 of the course's requirements as assessed (contracts/server courseRequirementsHash).
 */
export const decisionRulesSchema = z.object({
  TARIFF_TABLES_VERSION: z.string().max(64),
  COURSE_REQUIREMENTS_HASH: z.string().max(128),
});
export type DecisionRules = z.infer<typeof decisionRulesSchema>;

/** The UCAS Tariff tables the assessment prices with (assessment-svc tariff-tables.ts). */
export const TARIFF_TABLES_VERSION = 'UCAS Tariff 2017';
