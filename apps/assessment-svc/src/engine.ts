/**
 * Public entry `@clearing-desk/assessment-svc/engine`: the assessment engine without the
 * service around it (pure functions), for the tools that check demo data with it and the
 * in-process benchmark.
 */
export * from './assessment';
