import { z } from 'zod';

/**
 * Sign-in lockouts: what the gateway's sign-in limits hold against, listed to an
 * Administrator who can lift them.
 * - `pair`: one username from one client address (growing delays after a few refusals);
 * - `username`: one username from every address (a short delay, never over a minute, so the right
 *   password from a new address still gets in);
 * - `address`: one client address for every username (a ceiling high enough for a call centre);
 * - `device`: the browsers that signed one username in before (device cookies),
 *   each locked on its own after a few refusals from it; the other three never hold them.
 * Usernames are the directory's canonical uid, whatever case or width was typed.
 */
export const loginLockoutKindSchema = z.enum(['pair', 'username', 'address', 'device']);
export type LoginLockoutKind = z.infer<typeof loginLockoutKindSchema>;

/** Who a lockout holds: the username (pair, username, device) and the client address (pair, address); null where the kind has none. */
export const loginLockoutSubjectSchema = z.strictObject({
  kind: loginLockoutKindSchema,
  username: z.string().max(64).nullable(),
  address: z.string().max(64).nullable(),
});
export type LoginLockoutSubject = z.infer<typeof loginLockoutSubjectSchema>;

/** One lockout in force: its subject, the refusals counted in the window, when it began and until when it holds (ISO 8601). */
export const loginLockoutSchema = loginLockoutSubjectSchema.extend({
  refusals: z.number().int().nonnegative(),
  since: z.iso.datetime(),
  until: z.iso.datetime(),
});
export type LoginLockout = z.infer<typeof loginLockoutSchema>;

/** GET /api/admin/auth/lockouts and the answer of a lift: the lockouts in force, the latest first. */
export const loginLockoutsResponseSchema = z.object({ rows: z.array(loginLockoutSchema) });
export type LoginLockoutsResponse = z.infer<typeof loginLockoutsResponseSchema>;

/** POST /api/admin/auth/lockouts/lift: `{ data: <subject>, token }`; answers the lockouts still in force. */
export const liftLoginLockoutSchema = loginLockoutSubjectSchema;
