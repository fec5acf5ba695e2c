import { sql } from 'drizzle-orm';
import { check, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { scenarios } from './scenarios';

/** SCENARIOQUESTIONS rows (spec section 3): STATUS G/A/R and QUESTION, in `position` order. */
export const scenarioQuestions = pgTable(
  'scenario_questions',
  {
    id: serial('id').primaryKey(),
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.scenarioId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    status: text('status').notNull(),
    question: text('question').notNull(),
  },
  (t) => [check('scenario_questions_status', sql`${t.status} in ('G', 'A', 'R')`)],
);
