import { canViewFigures, FIGURES_TEXTS } from '@clearing-desk/contracts';
import { Figures } from '@/features/figures/components/figures';
import { FIGURES_SCREEN_TEXTS } from '@/features/figures/texts';
import { useUser } from '@/lib/auth';

/** /staff/figures: live results-day figures for users with view-report on some course. */
export function FiguresRoute() {
  const user = useUser();
  if (!canViewFigures(user)) {
    return (
      <>
        <h1 className="cd-heading-l">{FIGURES_SCREEN_TEXTS.HEADING}</h1>
        <p className="cd-body">{FIGURES_TEXTS.FORBIDDEN}</p>
      </>
    );
  }
  return <Figures />;
}

export { FiguresRoute as Component };
