import { canViewFigures, FIGURES_TEXTS, WALLBOARD_TEXTS } from '@clearing-desk/contracts';
import { Wallboard } from '@/features/figures/components/wallboard';
import { useUser } from '@/lib/auth';

/** /staff/wallboard: the supervisor's live wall screen, for users with view-report (as the figures). */
export function WallboardRoute() {
  const user = useUser();
  if (!canViewFigures(user)) {
    return (
      <>
        <h1 className="cd-heading-l">{WALLBOARD_TEXTS.HEADING}</h1>
        <p className="cd-body">{FIGURES_TEXTS.FORBIDDEN}</p>
      </>
    );
  }
  return <Wallboard />;
}

export { WallboardRoute as Component };
