import type { AuditExportQuery, AuditItem, AuditScreen, StaffAuditEvent } from '@clearing-desk/contracts';
import { AUDIT_EXPORT_MAX } from '@clearing-desk/contracts';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { applicationLog, applications, staffAudit } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

type ApplicationRow = Pick<typeof applications.$inferSelect, 'applicationId' | 'studentId' | 'ucasCode'>;

const keyOf = (row: Pick<ApplicationRow, 'studentId' | 'ucasCode'>) => `${row.studentId}/${row.ucasCode}`;

/**
 * The audit trail (contracts privacy/audit.ts): staff reads and the gateway's sign-in events
 * recorded in `staff_audit`, read together with the History LOG's changes (WRITE rows).
 */
export function createAuditRepository(db: ApplicationsDatabase) {
  const readRows = (where: SQL | undefined) =>
    db
      .select({
        at: staffAudit.at,
        user: staffAudit.username,
        action: staffAudit.action,
        screen: staffAudit.screen,
        key: staffAudit.applicationKey,
        detail: staffAudit.detail,
      })
      .from(staffAudit)
      .where(where)
      .limit(AUDIT_EXPORT_MAX);
  const writeRows = (where: SQL | undefined) =>
    db
      .select({
        at: applicationLog.time,
        user: applicationLog.user,
        studentId: applications.studentId,
        ucasCode: applications.ucasCode,
        detail: applicationLog.message,
      })
      .from(applicationLog)
      .innerJoin(applications, eq(applications.applicationId, applicationLog.applicationId))
      .where(where)
      .limit(AUDIT_EXPORT_MAX);

  const merge = (reads: Awaited<ReturnType<typeof readRows>>, writes: Awaited<ReturnType<typeof writeRows>>, order: 'asc' | 'desc'): AuditItem[] => {
    const items: (AuditItem & { t: number })[] = [
      ...reads.map((r) => ({
        t: r.at.getTime(),
        AT: r.at.toISOString(),
        USER: r.user,
        ACTION: r.action,
        SCREEN: r.screen ?? null,
        APPLICATION: r.key ?? null,
        DETAIL: r.detail,
      })),
      ...writes.map((w) => ({
        t: w.at.getTime(),
        AT: w.at.toISOString(),
        USER: w.user,
        ACTION: 'WRITE' as const,
        SCREEN: null,
        APPLICATION: keyOf(w),
        DETAIL: w.detail,
      })),
    ];
    items.sort((a, b) => (order === 'asc' ? a.t - b.t : b.t - a.t));
    return items.slice(0, AUDIT_EXPORT_MAX).map(({ t: _t, ...item }) => item);
  };

  return {
    /** Records that `username` opened the application on `screen`. */
    async recordRead(row: ApplicationRow, username: string, screen: AuditScreen): Promise<void> {
      await db.insert(staffAudit).values({ username, action: 'READ', screen, applicationId: row.applicationId, applicationKey: keyOf(row) });
    },

    /** Records a sign-in, sign-out or change of roles. */
    async recordEvent(event: StaffAuditEvent): Promise<void> {
      await db.insert(staffAudit).values({ username: event.USERNAME, action: event.ACTION, detail: event.DETAIL ?? '' });
    },

    /** One application's audit, newest first: its reads and its History's changes. */
    async forApplication(applicationId: number): Promise<AuditItem[]> {
      const [reads, writes] = await Promise.all([
        readRows(eq(staffAudit.applicationId, applicationId)),
        writeRows(eq(applicationLog.applicationId, applicationId)),
      ]);
      return merge(reads, writes, 'desc');
    },

    /** The whole trail (or one application's, or a time range), oldest first, at most AUDIT_EXPORT_MAX rows. */
    async export(query: AuditExportQuery): Promise<AuditItem[]> {
      const from = query.from ? new Date(query.from) : undefined;
      const to = query.to ? new Date(query.to) : undefined;
      const key = query.student && query.course ? `${query.student}/${query.course.toUpperCase()}` : undefined;
      const readWhere = and(
        from ? gte(staffAudit.at, from) : undefined,
        to ? lte(staffAudit.at, to) : undefined,
        key ? eq(staffAudit.applicationKey, key) : undefined,
      );
      const writeWhere = and(
        from ? gte(applicationLog.time, from) : undefined,
        to ? lte(applicationLog.time, to) : undefined,
        key && query.student && query.course
          ? and(eq(applications.studentId, query.student), eq(applications.ucasCode, query.course.toUpperCase()))
          : undefined,
      );
      const [reads, writes] = await Promise.all([readRows(readWhere), writeRows(writeWhere)]);
      return merge(reads, writes, 'asc');
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    auditRepository: AuditRepository;
  }
}

export const auditRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('auditRepository', createAuditRepository(fastify.db));
  },
  { name: 'audit-repository', dependencies: ['applications-database'] },
);
