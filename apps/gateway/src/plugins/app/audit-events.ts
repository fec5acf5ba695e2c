import { APPLICATIONS_SVC, type StaffAuditEvent } from '@clearing-desk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Records a staff sign-in, sign-out or change of roles in the audit trail (applications-svc). A
 * failure is logged and never stops the sign-in: staff keep working while the service restarts.
 */
export async function recordStaffEvent(fastify: Pick<FastifyInstance, 'services'>, request: FastifyRequest, event: StaffAuditEvent): Promise<void> {
  try {
    await fastify.services.applications.send(request, APPLICATIONS_SVC.auditEvent, { body: event });
  } catch (err) {
    request.log.warn({ err, action: event.ACTION }, 'audit event not recorded');
  }
}

/** Roles as one line for the audit ('Administrator (all); Editor (school:LAW)'). */
export const rolesText = (roles: readonly { role: string; scope: string }[]): string => roles.map((r) => `${r.role} (${r.scope})`).join('; ') || 'no roles';
