/**
 * The submit flow as named steps (module-level functions, each tested alone), run by the public
 * submit and the staff create and update alike:
 * context (the SUBMISSION_ID, its kind, applications-svc's submit facts) → check (the course, the
 * form) → assess → decide → claim (files) → store. The pure parts are contracts' submit steps
 * (libs/contracts applications/submit-steps), which the web tests' fake gateway calls too.
 */
export * from './context';
export * from './check';
export * from './assess';
export * from './decide';
export * from './places';
export * from './claim';
export * from './store';
export * from './public';
export * from './staff';
