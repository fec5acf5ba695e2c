/**
 * Roles and permissions of spec section 6 as plain constants and functions, without zod: the
 * web app's first screen (the header's staff links) reads them without loading the schemas
 * (ADR 0003). The schemas built on them are in roles.ts.
 */

/** Permissions of spec section 6. */
export const PERMISSIONS = [
  'EDIT_PUBLIC_APPLICATION',
  'EDIT_ANY_APPLICATION',
  'EDIT_APPLICATION_VISA',
  'SET_APPLICATION_STATUS',
  'EDIT_COURSE',
  'VIEW_REPORT',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Roles of spec section 6 with their permissions; an unknown role has none. */
export const ROLE_PERMISSIONS = {
  Administrator: [...PERMISSIONS],
  'Back Office': ['EDIT_PUBLIC_APPLICATION', 'EDIT_ANY_APPLICATION', 'EDIT_APPLICATION_VISA', 'SET_APPLICATION_STATUS', 'VIEW_REPORT'],
  'Back Office Limited': ['EDIT_PUBLIC_APPLICATION', 'EDIT_ANY_APPLICATION', 'EDIT_APPLICATION_VISA', 'SET_APPLICATION_STATUS', 'VIEW_REPORT'],
  Editor: ['EDIT_PUBLIC_APPLICATION', 'EDIT_ANY_APPLICATION', 'VIEW_REPORT'],
  'Front Office': ['EDIT_PUBLIC_APPLICATION'],
  'Visa Team': ['EDIT_APPLICATION_VISA', 'VIEW_REPORT'],
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLE_PERMISSIONS;
export const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[];
/** Whether `role` grants `permission`; null or unknown roles grant nothing (spec section 6). */
export function hasPermission(role: string | null | undefined, permission: Permission): boolean {
  if (!role || !(role in ROLE_PERMISSIONS)) return false;
  return (ROLE_PERMISSIONS[role as Role] as readonly Permission[]).includes(permission);
}
