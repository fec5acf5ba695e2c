import { inArray, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The outbox aggregate of a call booked without an application (its emails), 'callback-{id}'. */
export const callbackRequestAggregateId = (callbackId: number) => `callback-${callbackId}`;

/** The keys of one person's rows across this service's tables. */
/** `ucasPersonalIds`: the UCAS Personal IDs the person is held under (asked for, on their student records and applications). */
/** `callbackIds`: the calls the person booked from a course page without an application (found by their email). */
export type SubjectKeys = { studentIds: string[]; applicationIds: number[]; ucasPersonalIds: string[]; callbackIds: number[] };

/** A table that names a person: how one person's rows are found, and its columns (drizzle keys) that hold personal data. */
export type PersonalTable = { table: PgTable; rowsOf: (keys: SubjectKeys) => SQL; personalColumns: readonly string[] };

/**
 * Personal data in this service's schema (architecture.md "Data"): each table, by its SQL name,
 * with how the rows of one person are found and which columns erasure and retention clear
 * (repositories/erasure.ts), or null for a table that names no one. Subject access exports every
 * column of every row found; the tests (personal-data.test.ts, erasure.test.ts) check every table
 * of the schema is listed here and every personal column is cleared, so a new table or column is
 * covered or the tests fail.
 */
export const PERSONAL_TABLES: Record<string, PersonalTable | null> = {
  students: {
    table: schema.students,
    rowsOf: (k) => inArray(schema.students.studentId, k.studentIds),
    personalColumns: [
      'name1',
      'name2',
      'email',
      'emailNormalised',
      'ucasPersonalId',
      'dob',
      'nationality',
      'tel1',
      'tel2',
      'postcode',
      'name1Folded',
      'name2Folded',
    ],
  },
  applications: {
    table: schema.applications,
    rowsOf: (k) => inArray(schema.applications.applicationId, k.applicationIds),
    // The search columns (names_folded, email_normalised...) are copies of the form's: cleared with it.
    personalColumns: ['form', 'emailNormalised', 'ucasPersonalId', 'namesFolded', 'name2Folded', 'visa', 'visaStatus', 'outboundCallRemark', 'hash'],
  },
  application_log: {
    table: schema.applicationLog,
    rowsOf: (k) => inArray(schema.applicationLog.applicationId, k.applicationIds),
    personalColumns: ['message', 'applicantMessage'],
  },
  decision_reviews: {
    table: schema.decisionReviews,
    rowsOf: (k) => inArray(schema.decisionReviews.applicationId, k.applicationIds),
    personalColumns: ['reason', 'note'],
  },
  // The calls the person booked: from the status page (times only), or from a course page without
  // an application (the caller's name, telephone, email and private link; linked to the
  // application saved from the call, if any).
  callbacks: {
    table: schema.callbacks,
    rowsOf: (k) => or(inArray(schema.callbacks.applicationId, k.applicationIds), inArray(schema.callbacks.id, k.callbackIds))!,
    personalColumns: ['callerName', 'callerTel', 'callerEmail', 'callerEmailNormalised', 'token'],
  },
  // The decision and callback emails' payloads (name, email address) as announced: by application, or by a call booked without one.
  outbox: {
    table: schema.outbox,
    rowsOf: (k) => inArray(schema.outbox.aggregateId, [...k.applicationIds.map(String), ...k.callbackIds.map(callbackRequestAggregateId)]),
    personalColumns: ['payload'],
  },
  // Who read the person's applications: staff usernames and the application's key, no detail of the person.
  staff_audit: { table: schema.staffAudit, rowsOf: (k) => inArray(schema.staffAudit.applicationId, k.applicationIds), personalColumns: [] },
  // Which adviser took the person's application from the work queue, and when: staff usernames and the application's key.
  queue_claims: { table: schema.queueClaims, rowsOf: (k) => inArray(schema.queueClaims.applicationId, k.applicationIds), personalColumns: [] },
  // UCAS import rows that matched no application, kept for a person: found by the UCAS Personal ID (erasure deletes them).
  // The note of the Administrator who dealt with one may say what they did about the person.
  ucas_unmatched_rows: {
    table: schema.ucasUnmatchedRows,
    rowsOf: (k) => inArray(schema.ucasUnmatchedRows.ucasPersonalId, k.ucasPersonalIds),
    personalColumns: ['ucasPersonalId', 'courseCode', 'dealtWithNote'],
  },
  // UCAS imports: file names, counts and the Administrator (or 'folder') who loaded them, no applicant.
  ucas_imports: null,
  // Settings and course figures: no person.
  clearing_settings: null,
  clearing_settings_audit: null,
  course_places: null,
  // The ids of courses-svc's course-control events applied: no person.
  consumed_events: null,
  // The recruitment cycles and who rolled them (staff, as clearing_settings_audit): no applicant.
  recruitment_cycles: null,
  recruitment_cycle_audit: null,
  // Advisers on shift per hour: no person.
  callback_capacity: null,
  // The retention job's counts, and the erasures' tickets with the ids of anonymised rows: no person.
  retention_runs: null,
  erasures: null,
  // The events feed's API keys: record systems and the staff who issued them, no applicant.
  event_api_keys: null,
  // Webhook endpoints and their deliveries: record systems and event ids (the events are the outbox's rows), no applicant.
  webhook_endpoints: null,
  webhook_deliveries: null,
  webhook_attempts: null,
  // The nightly reconciliation reports: counts per status and webhook endpoint URLs, no person.
  reconciliation_reports: null,
  // The wallboard's alerts: a course, a threshold and when it was raised, no person.
  wallboard_alerts: null,
};
