import { pgTable, text } from 'drizzle-orm/pg-core';

/** Schools (faculties); SHS and SCI are singled out by the rules (contracts SCHOOL_CODES). */
export const schools = pgTable('schools', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});
