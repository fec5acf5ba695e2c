import {
  APPLICATIONS_SVC,
  DESK_MESSAGES,
  COURSES_SVC,
  type AuditScreen,
  type CourseDetailResponse,
  type StaffStoredApplication,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Loads a stored application for a staff route, with its course and the user's access on it
 * (spec section 3): applications-svc answers 404, or 403 when the row is outside the user's scope;
 * courses-svc gives the access, and no access is a 403 ('no role on this course'). `screen`: the
 * staff screen that reads it, recorded in the audit trail (left out for the reads before a write).
 */
export async function loadStaffApplication(
  fastify: FastifyInstance,
  request: FastifyRequest,
  params: { student: string; course: string },
  screen?: AuditScreen,
): Promise<{ stored: StaffStoredApplication; detail: CourseDetailResponse }> {
  const stored = await fastify.services.applications.send(request, APPLICATIONS_SVC.deskApplication, { params, query: { screen } });
  // Places left as applications-svc's ledger counts them (the assess screen's buttons and warnings), not courses-svc's projection.
  const detail = await fastify.places.withLedgerPlaces(
    request,
    await fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id: stored.applicationData.UCAS_CODE } }),
  );
  if (!detail.access) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
  return { stored, detail };
}
