import { APPLICATION_STATUSES, type ApplicationStatus } from '@clearing-desk/contracts';
import fp from 'fastify-plugin';
import { Counter } from '@prometheus-io/client';

/** Who gave an application its status: the public form (the automatic decision) or a member of staff. */
export type DecisionSource = 'public' | 'staff';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts each status an application is given, once its transaction has committed. */
    decisionMetrics: { record: (status: ApplicationStatus, source: DecisionSource) => void };
  }
}

/**
 * `clearing_decisions_total{status, source}` on the app's metrics port: one per
 * application stored with a status (a public submission's automatic decision, a staff create) and
 * per staff update that changes the status; `status` is the code of spec section 3 (O, I, S, R, X,
 * P, V, D, W). Decisions per minute are `60 * rate(...)` in Prometheus (deploy/grafana). Every
 * series starts at 0, so a rate is defined from the first scrape.
 */
export const decisionMetricsPlugin = fp(
  async (fastify) => {
    const decisions = new Counter({
      name: 'clearing_decisions_total',
      help: 'Applications given a status, on submission or by a staff status change, by status code (spec section 3) and source',
      labelNames: ['status', 'source'] as const,
      registers: [fastify.metricsRegistry],
    });
    for (const status of Object.keys(APPLICATION_STATUSES)) for (const source of ['public', 'staff']) decisions.inc({ status, source }, 0);
    fastify.decorate('decisionMetrics', { record: (status: ApplicationStatus, source: DecisionSource) => decisions.inc({ status, source }) });
  },
  { name: 'decision-metrics' },
);
