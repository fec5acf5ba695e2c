import { readFileSync } from 'node:fs';
import { roleAssignmentSchema, type RoleAssignment } from '@clearing-desk/contracts';
import { z } from 'zod';

/**
 * The deployment's role mapping file (README "Staff sign-in"): directory group names (or OIDC
 * group claim values) to role assignments `{ role, scope }` (domain.md "Roles"; roles of spec
 * section 6; scope `all`, `school:<code>` or `dept:<code>`).
 */
export const roleMappingSchema = z.strictObject({
  groups: z.record(z.string().min(1), z.array(roleAssignmentSchema)),
});
export type RoleMapping = z.infer<typeof roleMappingSchema>;

/**
 * Reads and validates the mapping file once at start.
 * @throws Error naming the file and the first problem, so a bad deployment stops at boot.
 */
export function loadRoleMapping(file: string): RoleMapping {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`ROLE_MAPPING_FILE ${file}: ${(err as Error).message}`, { cause: err });
  }
  const parsed = roleMappingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`ROLE_MAPPING_FILE ${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/**
 * The role assignments of a user's groups, without repeats. Group names compare case-insensitively
 * (directories differ in case); groups the file does not name grant nothing.
 */
export function rolesForGroups(mapping: RoleMapping, groups: readonly string[]): RoleAssignment[] {
  const byName = new Map(Object.entries(mapping.groups).map(([name, roles]) => [name.toLowerCase(), roles]));
  const seen = new Set<string>();
  const roles: RoleAssignment[] = [];
  for (const group of groups) {
    for (const assignment of byName.get(group.toLowerCase()) ?? []) {
      const key = `${assignment.role}|${assignment.scope}`;
      if (seen.has(key)) continue;
      seen.add(key);
      roles.push(assignment);
    }
  }
  return roles;
}
