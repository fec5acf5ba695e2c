import { z } from 'zod';
import { ROLE_PERMISSIONS, ROLES, type Role } from './role-permissions';

export const roleSchema = z.enum(ROLES as [Role, ...Role[]]);

/** A course's `access` (spec section 3): the user's role on it, or null for the public. */
export const accessSchema = roleSchema.nullable();
export type Access = z.infer<typeof accessSchema>;

/** A role granted over `all` courses, a school (`school:<code>`) or a department (`dept:<code>`). */
export const roleAssignmentSchema = z.object({
  role: roleSchema,
  scope: z.union([z.literal('all'), z.string().regex(/^(school|dept):[A-Z0-9]+$/)]),
});
export type RoleAssignment = z.infer<typeof roleAssignmentSchema>;

/** The logged-in staff user the gateway forwards to the services (architecture.md "Calls"). */
export const staffUserSchema = z.object({
  username: z.string().min(1).max(16),
  name: z.string(),
  roles: z.array(roleAssignmentSchema),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** Header in which the gateway forwards the staff user (JSON) to the services. */
export const USER_HEADER = 'x-clearing-user';

const rolePower = (role: Role) => ROLE_PERMISSIONS[role].length;

/**
 * A user's `access` on a course (domain.md "Roles"): the most privileged role (most permissions)
 * whose scope covers the course's school or department; null when none does.
 */
export function accessForCourse(roles: readonly RoleAssignment[] | undefined, course: { SCHOOL: string; DEPT: string }): Access {
  let best: Role | null = null;
  for (const { role, scope } of roles ?? []) {
    const covers = scope === 'all' || scope === `school:${course.SCHOOL}` || scope === `dept:${course.DEPT}`;
    if (covers && (best === null || rolePower(role) > rolePower(best))) best = role;
  }
  return best;
}
