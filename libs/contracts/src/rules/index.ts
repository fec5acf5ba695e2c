/**
 * Rules that the web app, the gateway and the services all apply, each defined once here
 * ("one rule, one place"). Pure functions and constants; the gateway's HTTP
 * wrappers around them call these.
 */
export * from './course-open';
export * from './status-buttons';
export * from './places';
export * from './places-schemas';
export * from './course-state';
export * from './email-address';
export * from './email-address-schema';
export * from './clearing-label';
export * from './recruitment-cycle';
