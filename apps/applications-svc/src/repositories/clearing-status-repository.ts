import type { ClearingStatusAuditEntry, ClearingStatusResponse } from '@clearing-desk/contracts';
import { desc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { clearingSettings, clearingSettingsAudit } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

/** Reads and changes the clearing open/closed setting. */
export function createClearingStatusRepository(db: ApplicationsDatabase) {
  return {
    /** Stores the initial setting unless one exists already (first start). */
    async ensure(initial: ClearingStatusResponse): Promise<void> {
      await db.insert(clearingSettings).values({ id: 1, state: initial.state, closingMessage: initial.closing_message }).onConflictDoNothing();
    },
    async get(): Promise<ClearingStatusResponse> {
      const [row] = await db.select().from(clearingSettings).where(eq(clearingSettings.id, 1));
      if (!row) return { state: 1, closing_message: null };
      return { state: row.state === 1 ? 1 : 0, closing_message: row.closingMessage };
    },
    /**
     * Changes the setting; with `username`, the change and its audit row are one transaction
     * (an Administrator's change is never stored without its audit row, nor the reverse).
     */
    async set(status: ClearingStatusResponse, username?: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(clearingSettings)
          .values({ id: 1, state: status.state, closingMessage: status.closing_message })
          .onConflictDoUpdate({
            target: clearingSettings.id,
            set: { state: status.state, closingMessage: status.closing_message, updatedAt: new Date() },
          });
        if (username !== undefined) {
          await tx.insert(clearingSettingsAudit).values({ username, state: status.state, closingMessage: status.closing_message });
        }
      });
    },
    /** The latest `limit` changes, newest first. */
    async audit(limit = 50): Promise<ClearingStatusAuditEntry[]> {
      const rows = await db.select().from(clearingSettingsAudit).orderBy(desc(clearingSettingsAudit.id)).limit(limit);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        username: row.username,
        state: row.state === 1 ? 1 : 0,
        closing_message: row.closingMessage,
      }));
    },
  };
}
export type ClearingStatusRepository = ReturnType<typeof createClearingStatusRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    clearingStatusRepository: ClearingStatusRepository;
  }
}

export const clearingStatusRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('clearingStatusRepository', createClearingStatusRepository(fastify.db));
  },
  { name: 'clearing-status-repository', dependencies: ['applications-database'] },
);
