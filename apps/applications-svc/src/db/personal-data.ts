import type { PersonalTables } from '@clearing-desk/service-kit';
import { inArray } from 'drizzle-orm';
import * as schema from './schema';

/** The keys of one person's rows across this service's tables. */
export type SubjectKeys = { studentIds: string[]; applicationIds: number[] };

/**
 * Personal data in this service's schema (architecture.md "Data"): each table, by its SQL name,
 * with how the rows of one person are found, or null for a table that names no one. Subject
 * access exports every column of every row found; the test (personal-data.test.ts) checks every
 * table of the schema is listed here, so a new table is exported or the tests fail.
 */
export const PERSONAL_TABLES: PersonalTables<SubjectKeys> = {
  students: { table: schema.students, rowsOf: (k) => inArray(schema.students.studentId, k.studentIds) },
  applications: { table: schema.applications, rowsOf: (k) => inArray(schema.applications.applicationId, k.applicationIds) },
  application_log: { table: schema.applicationLog, rowsOf: (k) => inArray(schema.applicationLog.applicationId, k.applicationIds) },
  decision_reviews: { table: schema.decisionReviews, rowsOf: (k) => inArray(schema.decisionReviews.applicationId, k.applicationIds) },
  // The decision emails' payloads (name, email address) as announced.
  outbox: { table: schema.outbox, rowsOf: (k) => inArray(schema.outbox.aggregateId, k.applicationIds.map(String)) },
  // Who read the person's applications.
  staff_audit: { table: schema.staffAudit, rowsOf: (k) => inArray(schema.staffAudit.applicationId, k.applicationIds) },
  // Which adviser took the person's application from the work queue, and when.
  queue_claims: { table: schema.queueClaims, rowsOf: (k) => inArray(schema.queueClaims.applicationId, k.applicationIds) },
  // Settings and course figures: no person.
  clearing_settings: null,
  clearing_settings_audit: null,
  course_places: null,
  // The ids of courses-svc's course-control events applied: no person.
  consumed_events: null,
  // The recruitment cycles and who rolled them (staff, as clearing_settings_audit): no applicant.
  recruitment_cycles: null,
  recruitment_cycle_audit: null,
};
