import { canViewFigures, canViewReconciliation, FIGURES_TEXTS, RECONCILIATION_TEXTS } from '@clearing-desk/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
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
  return (
    <>
      <Figures />
      {/* The day's figures against the events feed and the webhooks (view-report over all courses). */}
      {canViewReconciliation(user) && (
        <p className="cd-body">
          <Link className="cd-link" to={paths.staffReconciliation.getHref()}>
            {RECONCILIATION_TEXTS.TITLE}
          </Link>
        </p>
      )}
    </>
  );
}

export { FiguresRoute as Component };
