import { boolean, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { scenarios } from './scenarios';

/**
 * A scenario a staff user marked as completed (PUT /api/scenario-completed/): one row per user and
 * scenario, so the next GET skips it. `status` is what the trainee chose in training mode (null
 * without one) and `expectedOutcome` whether it was one of the scenario's expected statuses.
 */
export const scenarioCompletions = pgTable(
  'scenario_completions',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** The user's display name when they completed it (the progress report shows it). */
    name: text('name').notNull(),
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.scenarioId, { onDelete: 'cascade' }),
    status: text('status'),
    expectedOutcome: boolean('expected_outcome'),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('scenario_completions_user_scenario_unique').on(t.username, t.scenarioId)],
);
