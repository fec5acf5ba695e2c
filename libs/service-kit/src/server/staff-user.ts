import { staffUserSchema, USER_HEADER, type StaffUser } from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './error-handler';

/**
 * The staff user the gateway forwarded in `x-clearing-user`, or null for the public. Only the
 * gateway can reach a service (internal token), so the header is trusted once it parses.
 * @throws HttpError 400 when the header is present but malformed.
 */
export function staffUserFromRequest(request: FastifyRequest): StaffUser | null {
  const raw = request.headers[USER_HEADER];
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    return staffUserSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw new HttpError(400, `${USER_HEADER}: malformed user header`);
  }
}

/** Encodes a user for the `x-clearing-user` header (base64url JSON, so any name is header-safe). */
export const encodeStaffUser = (user: StaffUser): string => Buffer.from(JSON.stringify(user)).toString('base64url');
