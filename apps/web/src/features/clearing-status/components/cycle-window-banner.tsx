import { CYCLE_MESSAGES } from '@clearing-desk/contracts';
import { WarningText } from '@clearing-desk/ui';
import { useClearingStatus } from '@/lib/clearing-status';

/**
 * The staff pages' warning while today is outside the current cycle's Clearing window (domain.md
 * "Recruitment cycles"): the public meets Clearing closed, staff work on and are told why.
 * Nothing while the status loads or inside the window.
 */
export function CycleWindowBanner() {
  const cycle = useClearingStatus().data?.cycle;
  if (!cycle || cycle.IN_WINDOW) return null;
  return (
    <div className="cd-cycle-banner">
      <WarningText>{CYCLE_MESSAGES.OUTSIDE_WINDOW(cycle)}</WarningText>
    </div>
  );
}
