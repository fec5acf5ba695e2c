import { APPLICATION_STATUSES, type ApplicationStatus } from '../status/status-codes';
import {
  canEditApplication,
  canEditCourse,
  canEditVisa,
  canManageClearing,
  canSetStatus,
  canUseScenarios,
  canViewFigures,
  canViewReport,
  canViewScenarioProgress,
  editRefusalReason,
} from './permissions';
import { hasPermission, PERMISSIONS, type Permission } from './role-permissions';
import { accessForCourse } from './roles';

// Spec section 6, written out cell by cell so a change to ROLE_PERMISSIONS cannot pass unnoticed.
const E = 'EDIT_PUBLIC_APPLICATION';
const A = 'EDIT_ANY_APPLICATION';
const V = 'EDIT_APPLICATION_VISA';
const S = 'SET_APPLICATION_STATUS';
const C = 'EDIT_COURSE';
const R = 'VIEW_REPORT';
const MATRIX: Record<string, Permission[]> = {
  Administrator: [E, A, V, S, C, R],
  'Back Office': [E, A, V, S, R],
  'Back Office Limited': [E, A, V, S, R],
  Editor: [E, A, R],
  'Front Office': [E],
  'Visa Team': [V, R],
  'Night Porter': [],
};
const cells = Object.entries(MATRIX).flatMap(([role, granted]) => PERMISSIONS.map((permission) => [role, permission, granted.includes(permission)] as const));

describe('spec section 6 permission matrix', () => {
  it.each(cells)('%s has %s: %s', (role, permission, expected) => {
    expect(hasPermission(role, permission)).toBe(expected);
  });

  it('grants nothing to no role', () => {
    for (const permission of PERMISSIONS) expect(hasPermission(null, permission)).toBe(false);
  });

  it.each(Object.entries(MATRIX))('%s: the named checks agree with the matrix', (role, granted) => {
    expect(canSetStatus(role)).toBe(granted.includes(S));
    expect(canEditCourse(role)).toBe(granted.includes(C));
    expect(canViewReport(role)).toBe(granted.includes(R));
  });
});

describe('editing rules (spec section 6)', () => {
  const statuses = [null, ...(Object.keys(APPLICATION_STATUSES) as ApplicationStatus[])];
  const editCells = Object.entries(MATRIX).flatMap(([role, granted]) =>
    statuses.map((status) => {
      // New: edit-public or edit-any; S: edit-public; any other status: edit-any.
      const expected = status === null ? granted.includes(E) || granted.includes(A) : status === 'S' ? granted.includes(E) : granted.includes(A);
      return [role, status ?? 'new', expected] as const;
    }),
  );

  it.each(editCells)('%s editing a %s application: %s', (role, status, expected) => {
    const current = status === 'new' ? null : status;
    expect(canEditApplication(role, current)).toBe(expected);
    expect(editRefusalReason(role, current) === null).toBe(expected);
  });

  it('explains why an application is read-only', () => {
    expect(editRefusalReason('Front Office', 'R')).toBe(
      'Your role on this course (Front Office) can edit only public submissions (status S), so this application is read-only.',
    );
    expect(editRefusalReason('Visa Team', 'S')).toBe('Your role on this course (Visa Team) cannot edit public submissions, so this application is read-only.');
    expect(editRefusalReason('Visa Team', 'O')).toBe(
      'Your role on this course (Visa Team) cannot edit applications (only its visa record), so this application is read-only.',
    );
    expect(editRefusalReason(null, 'S')).toBe('You have no role on this course, so this application is read-only.');
  });

  it.each(Object.entries(MATRIX))('%s edits visas only on existing applications, with the visa permission', (role, granted) => {
    expect(canEditVisa(role, true)).toBe(granted.includes(V));
    expect(canEditVisa(role, false)).toBe(false);
  });
});

describe('training scenarios', () => {
  it('lets every staff user with a role practise, and nobody without one', () => {
    for (const role of Object.keys(MATRIX).filter((r) => r !== 'Night Porter')) {
      expect(canUseScenarios({ roles: [{ role: role as 'Editor', scope: 'all' }] })).toBe(true);
    }
    expect(canUseScenarios({ roles: [] })).toBe(false);
    expect(canUseScenarios(null)).toBe(false);
  });

  it('shows the progress of trainees only to roles with the view-report permission', () => {
    for (const [role, permissions] of Object.entries(MATRIX).filter(([r]) => r !== 'Night Porter')) {
      expect(canViewScenarioProgress({ roles: [{ role: role as 'Editor', scope: 'dept:CMPS' }] })).toBe(permissions.includes(R));
    }
    expect(canViewScenarioProgress({ roles: [] })).toBe(false);
    expect(canViewScenarioProgress(undefined)).toBe(false);
  });
});

describe('canManageClearing', () => {
  it('is only for an Administrator over all courses', () => {
    expect(canManageClearing({ roles: [{ role: 'Administrator', scope: 'all' }] })).toBe(true);
    expect(canManageClearing({ roles: [{ role: 'Administrator', scope: 'school:LAW' }] })).toBe(false);
    expect(canManageClearing({ roles: [{ role: 'Back Office', scope: 'all' }] })).toBe(false);
    expect(canManageClearing({ roles: [] })).toBe(false);
    expect(canManageClearing(null)).toBe(false);
  });
});

describe('accessForCourse (domain.md "Roles")', () => {
  const law = { SCHOOL: 'LAW', DEPT: 'LAWS' };
  const computing = { SCHOOL: 'SCI', DEPT: 'CMPS' };
  it('gives the most privileged role whose scope covers the course', () => {
    const roles = [
      { role: 'Front Office', scope: 'all' },
      { role: 'Editor', scope: 'dept:CMPS' },
      { role: 'Back Office', scope: 'school:LAW' },
    ] as const;
    expect(accessForCourse([...roles], law)).toBe('Back Office');
    expect(accessForCourse([...roles], computing)).toBe('Editor');
    expect(accessForCourse([...roles], { SCHOOL: 'BUS', DEPT: 'ACCT' })).toBe('Front Office');
  });
  it('gives null when no scope covers the course', () => {
    expect(accessForCourse([{ role: 'Front Office', scope: 'school:LAW' }], computing)).toBeNull();
    expect(accessForCourse([], computing)).toBeNull();
    expect(accessForCourse(undefined, computing)).toBeNull();
  });
});

describe('canViewFigures', () => {
  it('is true only for a user with a view-report role on some scope', () => {
    expect(canViewFigures({ roles: [{ role: 'Editor', scope: 'dept:CMPS' }] })).toBe(true);
    expect(canViewFigures({ roles: [{ role: 'Front Office', scope: 'all' }] })).toBe(false);
    expect(canViewFigures(null)).toBe(false);
  });
});
