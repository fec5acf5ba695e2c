import { canViewScenarioProgress, NO_SCENARIO_FOUND, type ScenarioCompletion } from '@clearing-desk/contracts';
import { buttonClassName, Notice, Spinner } from '@clearing-desk/ui';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { useNextScenario } from '../api/get-scenario';
import { SCENARIO_SCREEN_TEXTS as T } from '../texts';
import { scenarioFilterFromSearch, scenarioFilterParams } from '../utils/scenario-filter';
import { MarkCompleted } from './mark-completed';
import { ScenarioDetails, ScenarioInstructions, ScenarioScript } from './scenario-sections';
import { ScenarioFilters } from './scenario-filters';
import '../scenarios.css';

/** What a page that sends the trainee back here may say: the scenario just completed (training call). */
export type ScenarioScreenState = { completed?: string };

/**
 * The scenario screen (spec sections 2, 4 and 8): the filters (query parameters gender, dept and
 * course, each 'all' by default), then one scenario the user has not completed: Scenario Details,
 * Scenario Instructions and Scenario Script, 'Start training call' and 'Mark as Completed'.
 * States: loading, then loaded (or 'No scenario found.', or the error '{status}: {message}'),
 * then completed: the completion is announced and focused, and the next scenario loads.
 */
export function ScenarioScreen() {
  useDocumentTitle(T.HEADING);
  const user = useUser();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => scenarioFilterFromSearch(searchParams), [searchParams]);
  const query = useNextScenario(filter);
  const [completed, setCompleted] = useState<string | null>(() => (location.state as ScenarioScreenState | null)?.completed ?? null);
  const completedRef = useRef<HTMLDivElement>(null);

  // The completion message takes focus (the button that was pressed is gone with its scenario).
  useLayoutEffect(() => {
    if (completed) completedRef.current?.focus();
  }, [completed]);

  const onCompleted = (completion: ScenarioCompletion) => setCompleted(completion.SCENARIO_ID);

  const loading = query.isPending || query.isPlaceholderData;
  const scenario = query.data?.scenario ?? null;
  const filterKey = searchParams.toString();

  return (
    <>
      <h1 className="cd-heading-xl">{T.HEADING}</h1>
      <p className="cd-body-l">{T.INTRO}</p>
      {user && canViewScenarioProgress(user) && (
        <p className="cd-body">
          <Link className="cd-link" to={paths.staffScenarioProgress.getHref()}>
            {T.PROGRESS_LINK}
          </Link>
        </p>
      )}
      {completed && (
        <div ref={completedRef} tabIndex={-1} className="cd-scenario__completed">
          <Notice variant="success" title={T.COMPLETED_TITLE}>
            <p className="cd-body" role="status">
              {T.COMPLETED(completed)}
            </p>
          </Notice>
        </div>
      )}
      <ScenarioFilters
        key={filterKey}
        filter={filter}
        lists={query.data?.lists ?? null}
        onApply={(next) => {
          setCompleted(null);
          // Replace the location state too, so a completion message does not come back with the history.
          setSearchParams(scenarioFilterParams(next), { state: null });
        }}
      />
      <div className="cd-scenario" aria-busy={loading}>
        {loading ? (
          <Spinner label={T.LOADING} showLabel />
        ) : query.isError ? (
          <Notice variant="error">
            <p className="cd-body">{formatApiError(query.error)}</p>
          </Notice>
        ) : !scenario ? (
          <p className="cd-body-l cd-scenario__none">{NO_SCENARIO_FOUND}</p>
        ) : (
          <>
            <ScenarioDetails scenario={scenario} />
            <ScenarioInstructions scenario={scenario} />
            <ScenarioScript scenario={scenario} />
            <div className="cd-button-group cd-scenario__actions">
              <Link className={buttonClassName('secondary')} to={paths.staffScenarioTrainingStep.getHref(scenarioFilterParams(filter), 'personal-details')}>
                {T.START_TRAINING}
              </Link>
            </div>
            <MarkCompleted key={scenario.HASH} hash={scenario.HASH} onCompleted={onCompleted} />
          </>
        )}
      </div>
    </>
  );
}
