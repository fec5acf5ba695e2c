/**
 * Public entry `@clearing-desk/courses-svc/seed`: the demo catalogue, for the tools that check
 * other demo data against it (tools/seed-check). Kept apart from the service entry so a tool can
 * read it without loading the service's Fastify plugins.
 */
export { demoCatalogue, DEMO_FIXTURES, type DemoCatalogue, type DemoCourse, type DemoDepartment, type DemoSchool } from './db/seed/demo-catalogue';
