import type { StaffUser } from '@clearing-desk/contracts';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in staff user, or null for the public. */
    staffUser: StaffUser | null;
  }
}

/**
 * Resolves the staff user of a request. Directory login and Redis sessions arrive with the staff
 * issue; until then every request is public, and admin routes answer 401.
 */
export const staffSessionPlugin = fp(
  async (fastify) => {
    fastify.decorateRequest('staffUser', null);
  },
  { name: 'staff-session' },
);
