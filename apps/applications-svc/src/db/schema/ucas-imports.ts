import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One load of UCAS's export of Clearing choices added (docs/domain/ucas-reconciliation.md): an
 * Administrator's upload or the scheduled folder import, with its counts. Written in the import's
 * own transaction, with the applications it marks and the rows it could not match.
 */
export const ucasImports = pgTable('ucas_imports', {
  id: uuid('id').primaryKey(),
  fileName: text('file_name').notNull(),
  source: text('source').$type<'upload' | 'folder'>().notNull(),
  /** A staff username, or 'folder' for the scheduled import. */
  importedBy: text('imported_by').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  rows: integer('rows').notNull(),
  matched: integer('matched').notNull(),
  alreadyAdded: integer('already_added').notNull(),
  unmatched: integer('unmatched').notNull(),
  lapsing: integer('lapsing').notNull(),
});

/**
 * The rows of an import that matched no live application, kept for a person to follow up. Only
 * the two columns the match reads are kept (the UCAS Personal ID as written and the course code),
 * never the rest of UCAS's row: nothing more of the person than the match needs.
 */
export const ucasUnmatchedRows = pgTable(
  'ucas_unmatched_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid('import_id')
      .notNull()
      .references(() => ucasImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    ucasPersonalId: text('ucas_personal_id').notNull(),
    courseCode: text('course_code').notNull(),
    reason: text('reason').notNull(),
    // Marked dealt with by an Administrator (docs/domain/ucas-reconciliation.md): when, who and their note; null while open.
    dealtWithAt: timestamp('dealt_with_at', { withTimezone: true }),
    dealtWithBy: text('dealt_with_by'),
    dealtWithNote: text('dealt_with_note'),
  },
  (t) => [index('ucas_unmatched_rows_personal_id_idx').on(t.ucasPersonalId)],
);
