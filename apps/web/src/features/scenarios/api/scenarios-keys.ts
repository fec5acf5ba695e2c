import type { ScenarioFilter } from '@clearing-desk/contracts';

/**
 * Query keys of the training scenarios (general to specific). The next scenario depends on what
 * the signed-in user has completed, so it is keyed by the username too.
 */
export const scenariosKeys = {
  all: ['scenarios'] as const,
  nexts: () => [...scenariosKeys.all, 'next'] as const,
  next: (filter: ScenarioFilter, viewer: string | null) => [...scenariosKeys.nexts(), viewer, filter] as const,
  progress: () => [...scenariosKeys.all, 'progress'] as const,
};
