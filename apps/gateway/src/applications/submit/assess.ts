import { toAssessForm, type AssessForm, type CourseDetailResponse } from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AssessOutcome } from '../../plugins/app/assessment-gateway';
import type { SubmitApp } from './context';

/** The course, read fresh (never the assessment's short-lived cache), with the user's access (404 passes through). */
export function readCourse(app: SubmitApp, request: FastifyRequest, code: string): Promise<CourseDetailResponse> {
  return app.assessmentGateway.course(request, code, { fresh: true });
}

/** The assessment exactly as POST /api/apply/{course}/assess makes it, for the user's role (its buttons are the statuses staff may choose). */
export function assessForm(app: SubmitApp, request: FastifyRequest, detail: CourseDetailResponse, form: AssessForm): Promise<AssessOutcome> {
  return app.assessmentGateway.assess(request, detail, toAssessForm(form));
}
