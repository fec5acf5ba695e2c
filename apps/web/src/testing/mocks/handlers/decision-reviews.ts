import {
  API_ROUTES,
  apiBodySchema,
  DECISION_REVIEW_TEXTS,
  decisionReviewDecisionSchema,
  decisionReviewRequestSchema,
  isAutomaticDecision,
  STATUS_PAGE_MESSAGES,
  type DecisionReviewItem,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const error = (status: number, message: string) => HttpResponse.json({ message }, { status });

/** Requests for a person's review made in this test (reset with the module's array by the tests that read it). */
export const decisionReviews: DecisionReviewItem[] = [];

/** The review request (public) and the back office's queue and outcome, as the gateway answers them. */
export const decisionReviewHandlers = [
  http.post(apiUrl(API_ROUTES.decisionReviewRequest.path), async ({ params, request }) => {
    const parsed = apiBodySchema(decisionReviewRequestSchema).safeParse(await request.json());
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const stored = db.applications.find((a) => a.response.hash === params.hash);
    if (!stored) return error(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
    if (!isAutomaticDecision(stored.review.decision.SUB_STATUS)) return error(409, DECISION_REVIEW_TEXTS.NOT_AUTOMATIC);
    const item: DecisionReviewItem = {
      ID: decisionReviews.length + 1,
      STUDENT_ID: stored.response.id[0],
      UCAS_CODE: stored.response.id[1],
      REFERENCE: `${stored.response.depart_number}${stored.response.id[3]}`,
      STATUS: stored.response.confirmed_status,
      SUB_STATUS: stored.review.decision.SUB_STATUS,
      REASON: parsed.data.data.REASON,
      REQUESTED_AT: '2025-08-14T10:00:00.000Z',
      RESPOND_BY: '2025-08-19T10:00:00.000Z',
      OUTCOME: null,
      NOTE: null,
      DECIDED_BY: null,
      DECIDED_AT: null,
    };
    decisionReviews.push(item);
    return HttpResponse.json({ REQUESTED_AT: item.REQUESTED_AT, RESPOND_BY: item.RESPOND_BY });
  }),
  http.get(apiUrl(API_ROUTES.deskDecisionReviews.path), () => HttpResponse.json({ rows: decisionReviews })),
  http.put(apiUrl(API_ROUTES.deskDecisionReviewOutcome.path), async ({ params, request }) => {
    const parsed = apiBodySchema(decisionReviewDecisionSchema).safeParse(await request.json());
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const item = decisionReviews.find((r) => r.ID === Number(params.id));
    if (!item) return error(404, DECISION_REVIEW_TEXTS.NOT_FOUND);
    Object.assign(item, {
      OUTCOME: parsed.data.data.OUTCOME,
      NOTE: parsed.data.data.NOTE,
      DECIDED_BY: db.sessionUser?.username ?? null,
      DECIDED_AT: '2025-08-15T10:00:00.000Z',
    });
    return HttpResponse.json(item);
  }),
];
