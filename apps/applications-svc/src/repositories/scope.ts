import type { RoleAssignment } from '@clearing-desk/contracts';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { applications, students } from '../db/schema';

/**
 * The scope condition on applications (only courses the user has
 * a role on; domain.md "Roles"): any `all` role sees everything (undefined: no condition), else
 * the schools and departments of the user's scopes, matched against the SCHOOL and DEPT stored on
 * each application (or the `columns` of another table that stores a course's school and
 * department: the wallboard's alerts, a callback booked without an application). null when the
 * user has no role at all (sees nothing).
 */
export function scopeCondition(
  roles: readonly RoleAssignment[],
  columns: { school: AnyPgColumn; dept: AnyPgColumn } = { school: applications.school, dept: applications.dept },
): SQL | undefined | null {
  if (roles.some((r) => r.scope === 'all')) return undefined;
  const schools = roles.flatMap((r) => (r.scope.startsWith('school:') ? [r.scope.slice(7)] : []));
  const depts = roles.flatMap((r) => (r.scope.startsWith('dept:') ? [r.scope.slice(5)] : []));
  const parts = [schools.length ? inArray(columns.school, schools) : undefined, depts.length ? inArray(columns.dept, depts) : undefined].filter(
    (p): p is SQL => p !== undefined,
  );
  return parts.length === 0 ? null : or(...parts);
}

/**
 * Whether a student row is one the user may see: with an `all` role every
 * student; otherwise a student with at least one application inside the user's scopes (a student
 * exists only through applications). For the student search and the staff create's chosen student.
 */
export function studentVisibleCondition(roles: readonly RoleAssignment[]): SQL | undefined | null {
  const scope = scopeCondition(roles);
  if (scope === undefined || scope === null) return scope;
  return sql`exists (select 1 from ${applications} where ${and(eq(applications.studentId, students.studentId), scope)})`;
}
