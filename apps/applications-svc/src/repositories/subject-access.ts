import { normaliseEmail, type ApplicationsSubjectAccess } from '@clearing-desk/contracts';
import { personalRows } from '@clearing-desk/service-kit';
import { and, eq, isNull, or } from 'drizzle-orm';
import { applications, callbacks, students } from '../db/schema';
import { PERSONAL_TABLES, type SubjectKeys } from '../db/personal-data';
import type { ApplicationsDatabase } from '../plugins/external/database';
import type { Executor } from './applications-repository';

/**
 * The keys of everyone held under `email` (trimmed, lower-cased) or `ucasPersonalId`: their
 * student records and every application made with either (as a student or on the form), and the
 * calls booked under that email from a course page without an application.
 */
export async function findSubject(db: Executor, who: { email?: string; ucasPersonalId?: string }): Promise<SubjectKeys & { submissionIds: string[] }> {
  const email = who.email ? normaliseEmail(who.email) : undefined;
  const id = who.ucasPersonalId || undefined;
  const byStudent = or(email ? eq(students.emailNormalised, email) : undefined, id ? eq(students.ucasPersonalId, id) : undefined);
  const studentRows = byStudent
    ? await db.select({ studentId: students.studentId, ucasPersonalId: students.ucasPersonalId }).from(students).where(byStudent)
    : [];
  const studentIds = studentRows.map((s) => s.studentId);
  const byApplication = or(
    email ? eq(applications.emailNormalised, email) : undefined,
    id ? eq(applications.ucasPersonalId, id) : undefined,
    ...studentIds.map((s) => eq(applications.studentId, s)),
  );
  const apps = byApplication
    ? await db
        .select({
          applicationId: applications.applicationId,
          studentId: applications.studentId,
          submissionId: applications.submissionId,
          ucasPersonalId: applications.ucasPersonalId,
        })
        .from(applications)
        .where(byApplication)
    : [];
  // Calls booked from a course page without an application hold only the caller's email.
  const calls = email
    ? await db
        .select({ id: callbacks.id })
        .from(callbacks)
        .where(and(eq(callbacks.callerEmailNormalised, email), isNull(callbacks.applicationId)))
    : [];
  return {
    callbackIds: calls.map((c) => c.id),
    studentIds: [...new Set([...studentIds, ...apps.map((a) => a.studentId)])],
    applicationIds: apps.map((a) => a.applicationId),
    submissionIds: apps.map((a) => a.submissionId),
    ucasPersonalIds: [
      ...new Set([...(id ? [id] : []), ...studentRows.map((s) => s.ucasPersonalId), ...apps.map((a) => a.ucasPersonalId)].filter((v): v is string => !!v)),
    ],
  };
}

/** Every row of every personal table (PERSONAL_TABLES) that is the person's, every column, JSON-ready. */
export async function exportSubject(db: ApplicationsDatabase, who: { email?: string; ucasPersonalId?: string }): Promise<ApplicationsSubjectAccess | null> {
  const keys = await findSubject(db, who);
  if (keys.studentIds.length === 0 && keys.applicationIds.length === 0 && keys.callbackIds.length === 0) return null;
  // A UCAS row not matched names a UCAS Personal ID only: it is exported with a person we hold (one we never held has nothing else to export).
  const tables = await personalRows(db, PERSONAL_TABLES, keys);
  return { tables, applicationIds: keys.applicationIds.map(String), submissionIds: keys.submissionIds };
}
