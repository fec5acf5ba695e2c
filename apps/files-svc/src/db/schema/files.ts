import { DOCUMENT_TYPE_SLOTS, FILE_STATUSES, type AcceptedMimeType, type DocumentType, type FileStatus } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per upload (spec section 3 "Document uploads"). The blob lives under FILES_DIR named
 * after `file_id` (quarantine/ until clean, then clean/); `file_name` is for display only.
 */
export const files = pgTable(
  'files',
  {
    fileId: uuid('file_id').primaryKey(),
    fileToken: text('file_token').notNull().unique(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').$type<AcceptedMimeType>().notNull(),
    fileSize: integer('file_size').notNull(),
    documentType: text('document_type').$type<DocumentType>().notNull(),
    status: text('status').$type<FileStatus>().notNull().default('quarantined'),
    /** Signature names ClamAV reported, for an infected file. */
    signature: text('signature'),
    /** Submission id the file is bound to by POST /files/claim; null until then. */
    owner: text('owner'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('files_status_check', sql.raw(`${t.status.name} in (${FILE_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
    check(
      'files_document_type_check',
      sql.raw(
        `${t.documentType.name} in (${Object.keys(DOCUMENT_TYPE_SLOTS)
          .map((d) => `'${d}'`)
          .join(', ')})`,
      ),
    ),
    check('files_size_check', sql`${t.fileSize} > 0`),
    check('files_claimed_clean_check', sql`${t.owner} is null or ${t.status} = 'clean'`),
    index('files_owner_idx').on(t.owner),
    index('files_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.owner} is null`),
  ],
);
export type FileRow = typeof files.$inferSelect;
