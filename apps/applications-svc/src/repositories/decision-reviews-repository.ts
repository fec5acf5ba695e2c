import {
  accessForCourse,
  canSetStatus,
  DECISION_REVIEW_TEXTS,
  decisionEmailPayloadSchema,
  isAutomaticDecision,
  OUTBOX_KINDS,
  type DecisionReviewAccepted,
  type DecisionReviewDecision,
  type DecisionReviewItem,
  type RoleAssignment,
} from '@clearing-desk/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { applicationLog, applications, decisionReviews, outbox } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { writeDecisionOutbox } from '../outbox/decision-outbox';
import { writeApplicationEvents } from '../outbox/application-events';
import type { IntakeCycle } from '../intake/intake-cycle';
import { scopeCondition } from './scope';

const DAY_MS = 24 * 3600 * 1000;

export type ReviewRequestResult = { kind: 'accepted'; answer: DecisionReviewAccepted } | { kind: 'not-found' } | { kind: 'not-automatic' };

export type ReviewOutcomeResult = { kind: 'recorded'; item: DecisionReviewItem } | { kind: 'not-found' } | { kind: 'forbidden' } | { kind: 'decided' };

type ReviewRow = typeof decisionReviews.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

const toItem = (
  r: ReviewRow,
  a: Pick<ApplicationRow, 'studentId' | 'ucasCode' | 'departNumber' | 'reference' | 'status' | 'subStatus'>,
): DecisionReviewItem => ({
  ID: r.id,
  STUDENT_ID: a.studentId,
  UCAS_CODE: a.ucasCode,
  REFERENCE: `${a.departNumber}${a.reference}`,
  STATUS: a.status,
  SUB_STATUS: a.subStatus ?? null,
  REASON: r.reason,
  REQUESTED_AT: r.requestedAt.toISOString(),
  RESPOND_BY: r.respondBy.toISOString(),
  OUTCOME: r.outcome ?? null,
  NOTE: r.note ?? null,
  DECIDED_BY: r.decidedBy ?? null,
  DECIDED_AT: r.decidedAt?.toISOString() ?? null,
});

/**
 * Requests for a person to review an automatic decision (AO/AR/AX), the back office's queue of
 * them and their outcomes. `responseDays` is config DECISION_REVIEW_RESPONSE_DAYS.
 */
export function createDecisionReviewsRepository(db: ApplicationsDatabase, cycle: IntakeCycle, responseDays: number) {
  const applicationColumns = {
    studentId: applications.studentId,
    ucasCode: applications.ucasCode,
    departNumber: applications.departNumber,
    reference: applications.reference,
    status: applications.status,
    subStatus: applications.subStatus,
  };

  return {
    /**
     * The applicant's request by the status page's hash: not-automatic when a person made (or has
     * since changed) the decision; a second request while one is open answers the open one.
     */
    async request(hash: string, reason: string, now: Date): Promise<ReviewRequestResult> {
      return db.transaction(async (tx) => {
        const [app] = await tx.select().from(applications).where(eq(applications.hash, hash)).for('update').limit(1);
        if (!app) return { kind: 'not-found' } as const;
        if (!isAutomaticDecision(app.subStatus)) return { kind: 'not-automatic' } as const;
        const [open] = await tx
          .select()
          .from(decisionReviews)
          .where(and(eq(decisionReviews.applicationId, app.applicationId), isNull(decisionReviews.outcome)))
          .limit(1);
        const row =
          open ??
          (
            await tx
              .insert(decisionReviews)
              .values({ applicationId: app.applicationId, reason, requestedAt: now, respondBy: new Date(now.getTime() + responseDays * DAY_MS) })
              .returning()
          )[0];
        if (!row) throw new Error('decision review insert returned no row');
        if (!open) {
          await tx
            .insert(applicationLog)
            .values({ applicationId: app.applicationId, user: 'public', status: app.status, message: DECISION_REVIEW_TEXTS.logRequested });
        }
        return { kind: 'accepted', answer: { REQUESTED_AT: row.requestedAt.toISOString(), RESPOND_BY: row.respondBy.toISOString() } } as const;
      });
    },

    /** The queue in the user's scopes: waiting requests oldest first, then the decided ones newest first (at most 500). */
    async list(roles: readonly RoleAssignment[]): Promise<DecisionReviewItem[]> {
      const scope = scopeCondition(roles);
      if (scope === null) return [];
      const rows = await db
        .select({ review: decisionReviews, app: applicationColumns })
        .from(decisionReviews)
        .innerJoin(applications, eq(applications.applicationId, decisionReviews.applicationId))
        .where(scope)
        .orderBy(
          sql`${decisionReviews.outcome} is not null`,
          sql`case when ${decisionReviews.outcome} is null then ${decisionReviews.requestedAt} end asc`,
          desc(decisionReviews.decidedAt),
          asc(decisionReviews.id),
        )
        .limit(500);
      return rows.map((r) => toItem(r.review, r.app));
    },

    /**
     * Records a review's outcome by `user` (needs set-status on the application's course): its
     * LOG row and the REVIEW email (outbox, same transaction), with the course facts of the
     * application's last decision email.
     */
    async decide(
      id: number,
      decision: DecisionReviewDecision,
      user: { username: string; roles: readonly RoleAssignment[] },
      now: Date,
    ): Promise<ReviewOutcomeResult> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ review: decisionReviews, app: applications })
          .from(decisionReviews)
          .innerJoin(applications, eq(applications.applicationId, decisionReviews.applicationId))
          .where(eq(decisionReviews.id, id))
          .for('update')
          .limit(1);
        if (!found) return { kind: 'not-found' } as const;
        const { app } = found;
        if (!canSetStatus(accessForCourse(user.roles, { SCHOOL: app.school, DEPT: app.dept }))) return { kind: 'forbidden' } as const;
        if (found.review.outcome) return { kind: 'decided' } as const;
        const [review] = await tx
          .update(decisionReviews)
          .set({ outcome: decision.OUTCOME, note: decision.NOTE, decidedBy: user.username, decidedAt: now })
          .where(eq(decisionReviews.id, id))
          .returning();
        if (!review) throw new Error('decision review update returned no row');
        const label = decision.OUTCOME === 'UPHELD' ? DECISION_REVIEW_TEXTS.OUTCOME_UPHELD : DECISION_REVIEW_TEXTS.OUTCOME_CHANGED;
        await tx.insert(applicationLog).values({
          applicationId: app.applicationId,
          user: user.username,
          status: app.status,
          message: DECISION_REVIEW_TEXTS.logOutcome(label, decision.NOTE),
        });
        const [last] = await tx
          .select({ payload: outbox.payload })
          .from(outbox)
          .where(and(eq(outbox.aggregateId, String(app.applicationId)), eq(outbox.kind, OUTBOX_KINDS.DECISION_EMAIL)))
          .orderBy(desc(outbox.createdAt))
          .limit(1);
        const previous = last ? decisionEmailPayloadSchema.safeParse(last.payload) : undefined;
        await writeDecisionOutbox(tx, {
          row: { ...app, updatedAt: now },
          previousStatus: app.status,
          source: 'staff',
          courseFacts: previous?.success ? previous.data.course : undefined,
          linkValidUntil: cycle.endOf(app.intake),
          review: { OUTCOME: decision.OUTCOME, NOTE: decision.NOTE },
        });
        // The review's outcome is a decision for the record system too.
        await writeApplicationEvents(tx, {
          row: app,
          previousStatus: app.status,
          source: 'staff',
          user: user.username,
          at: now,
          review: { OUTCOME: decision.OUTCOME },
        });
        return { kind: 'recorded', item: toItem(review, app) } as const;
      });
    },
  };
}
export type DecisionReviewsRepository = ReturnType<typeof createDecisionReviewsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    decisionReviewsRepository: DecisionReviewsRepository;
  }
}

export const decisionReviewsRepositoryPlugin = fp<{ responseDays: number }>(
  async (fastify, { responseDays }) => {
    fastify.decorate('decisionReviewsRepository', createDecisionReviewsRepository(fastify.db, fastify.intakeCycle, responseDays));
  },
  { name: 'decision-reviews-repository', dependencies: ['applications-database', 'intake-cycle'] },
);
