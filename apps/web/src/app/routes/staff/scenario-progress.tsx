import { canViewScenarioProgress } from '@clearing-desk/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ScenarioProgress } from '@/features/scenarios/components/scenario-progress';
import { SCENARIO_PROGRESS_TEXTS as T } from '@/features/scenarios/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUser } from '@/lib/auth';

/** /staff/scenarios/progress: each trainee's completed scenarios, view-report users only. */
export function ScenarioProgressRoute() {
  useDocumentTitle(T.HEADING);
  const user = useUser();
  const allowed = canViewScenarioProgress(user);
  return (
    <>
      <h1 className="cd-heading-xl">{T.HEADING}</h1>
      <p className="cd-body">
        <Link className="cd-link" to={paths.staffScenarios.getHref()}>
          {T.BACK}
        </Link>
      </p>
      {allowed ? (
        <>
          <p className="cd-body-l">{T.INTRO}</p>
          <ScenarioProgress />
        </>
      ) : (
        <p className="cd-body">{T.FORBIDDEN}</p>
      )}
    </>
  );
}

export { ScenarioProgressRoute as Component };
