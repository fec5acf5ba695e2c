import { sql } from 'drizzle-orm';
import { date, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** STUDENT_ID numbers: '2600001', '2600002', ... */
export const studentIdSequence = pgSequence('student_id_seq', { startWith: 2600001 });

/**
 * A person who applied (spec section 3, applicant details). A returning person is matched by
 * their email, trimmed and lower-cased (email_normalised), and keeps their STUDENT_ID; each
 * application keeps the form as it was submitted.
 */
export const students = pgTable('students', {
  studentId: text('student_id')
    .primaryKey()
    .default(sql`nextval('student_id_seq')::text`),
  name1: text('name1').notNull(),
  name2: text('name2').notNull(),
  email: text('email').notNull(),
  emailNormalised: text('email_normalised').notNull().unique('students_email_normalised_unique'),
  ucasPersonalId: text('ucas_personal_id'),
  dob: date('dob', { mode: 'string' }).notNull(),
  nationality: text('nationality').notNull(),
  tel1: text('tel1').notNull(),
  tel2: text('tel2'),
  postcode: text('postcode'),
  /** NAME1 / NAME2 lower-cased and accent-folded in Node (foldName), for the student search. */
  name1Folded: text('name1_folded').notNull().default(''),
  name2Folded: text('name2_folded').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the person's details were erased (on request or by the retention job); null while held. */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});
