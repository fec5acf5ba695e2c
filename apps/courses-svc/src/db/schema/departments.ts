import { pgTable, text } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const departments = pgTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  schoolCode: text('school_code')
    .notNull()
    .references(() => schools.code),
});
