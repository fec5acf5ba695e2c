/**
 * @clearing-desk/contracts: every payload shape, code, limit and user-facing text shared by the
 * web app and the services (architecture.md "libs/contracts"). Validate with these schemas on
 * both sides; never redefine a shape elsewhere.
 */
export * from './common/errors';
export * from './common/error-codes';
export * from './common/safe-text';
export * from './common/rate-limit';
export * from './common/api-body';
export * from './common/limits';
export * from './common/pagination';
export * from './common/page-params';
export * from './common/long-date';
export * from './common/london-time';
export * from './common/path';
export * from './common/http-names';
export * from './common/timestamp-query';
export * from './auth/role-permissions';
export * from './auth/roles';
export * from './auth/permissions';
export * from './auth/login';
export * from './auth/session-texts';
export * from './auth/staff-hint';
export * from './auth/lockouts';
export * from './courses/course';
export * from './courses/course-telephone';
export * from './courses/subject-requirements';
export * from './courses/subject-requirement-sentence';
export * from './courses/school-codes';
export * from './courses/course-search';
export * from './courses/intake';
export * from './qualifications/qual-option';
export * from './qualifications/catalogue';
export * from './qualifications/subjects';
export * from './qualifications/english-tests';
export * from './status/clearing-status';
export * from './status/recruitment-cycle-schemas';
export * from './status/clearing-texts';
export * from './status/status-codes';
export * from './assessment';
export * from './applications';
export * from './files';
export * from './course-control/course-update';
export * from './course-control/course-control-event';
export * from './figures';
export * from './scripts';
export * from './web/page-routes';
export * from './web/app-started';
export * from './scenarios';
export * from './notifications';
export * from './events';
export * from './rules';
export * from './endpoints';
export * from './privacy';
export * from './reconciliation';
