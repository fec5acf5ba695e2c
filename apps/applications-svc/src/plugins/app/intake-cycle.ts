import { intakeCycleEnd, londonWallClock } from '@clearing-desk/contracts';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../../config';

/**
 * The current intake and when each intake's cycle ends: the applicant's status
 * page by hash, and the link in every decision email, work until then. The end is contracts'
 * `intakeCycleEnd` (23:59 Europe/London on 31 March of the intake's second year) unless
 * INTAKE_CYCLE_END moves the current intake's (a university that keeps links longer or shorter;
 * npm start on a machine whose clock is past the demo intake's end, tools/stack).
 */
export type IntakeCycle = { current: string; endOf: (intake: string) => Date };

export function createIntakeCycle(config: Pick<ApplicationsConfig, 'INTAKE_YEAR' | 'INTAKE_CYCLE_END'>): IntakeCycle {
  const override = config.INTAKE_CYCLE_END ? londonWallClock(config.INTAKE_CYCLE_END, '23:59') : null;
  return {
    current: config.INTAKE_YEAR,
    endOf: (intake) => (override && intake === config.INTAKE_YEAR ? override : intakeCycleEnd(intake)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    intakeCycle: IntakeCycle;
  }
}

export const intakeCyclePlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    fastify.decorate('intakeCycle', createIntakeCycle(config));
  },
  { name: 'intake-cycle' },
);
