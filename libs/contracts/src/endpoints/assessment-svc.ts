import { assessRequestSchema } from '../assessment/assess-request';
import { assessmentSchema } from '../assessment/assessment';
import { errorResponseSchema } from '../common/errors';
import { endpoint } from './endpoint';

/** assessment-svc, called by the gateway only. */
export const ASSESSMENT_SVC = {
  /**
   * The course, its qualOptions, the form, the user's role and candidate alternatives in; the
   * assessment out. Bad input is a 400 naming the field, never a 500.
   */
  assess: endpoint({
    method: 'POST',
    path: '/assessments',
    body: assessRequestSchema,
    responses: { 200: assessmentSchema, 400: errorResponseSchema },
  }),
} as const;
