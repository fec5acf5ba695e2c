import type { RecruitmentCycle } from '../status/recruitment-cycle-schemas';

/**
 * 'Clearing 2026/27': the label every screen, script and email shows, from the stored current
 * cycle (GET /api/admin/status `cycle`); 'Clearing' while it is not known (the status still
 * loading, an older service), never a year that may have been rolled past. A module of its own:
 * every page's header needs it, and /apply's first load must not carry the cycle's other texts.
 */
export const clearingLabel = (cycle: Pick<RecruitmentCycle, 'NAME'> | null | undefined): string => (cycle ? `Clearing ${cycle.NAME}` : 'Clearing');
