import type { Scenario } from '@clearing-desk/contracts';

/**
 * A scenario as this service stores it: the contract record plus its department's name (for
 * DEPT_LIST). A plain type module, so the demo seed (and tools/seed-check) import it without the
 * Fastify plugins.
 */
export type StoredScenarioInput = Scenario & { DEPT_NAME: string };
