/**
 * @clearing-desk/contracts: every payload shape, code, limit and user-facing text shared by the
 * web app and the services (architecture.md "libs/contracts"). Validate with these schemas on
 * both sides; never redefine a shape elsewhere.
 */
export * from './common/errors';
export * from './common/limits';
export * from './common/pagination';
export * from './auth/roles';
export * from './courses/course';
export * from './courses/course-search';
export * from './courses/course-state';
export * from './qualifications/qual-option';
export * from './qualifications/catalogue';
export * from './qualifications/subjects';
export * from './qualifications/english-tests';
export * from './status/clearing-status';
export * from './assessment';
export * from './applications';
export * from './files';
