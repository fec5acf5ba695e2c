import { NO_SCENARIO_FOUND, toAssessForm, type ApplySubmission, type AssessForm } from '@clearing-desk/contracts';
import { Notice, Spinner } from '@clearing-desk/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { assessApplication } from '@/features/application-form/api/assess-application';
import { ApplicationFormProvider, type StaffFormOptions } from '@/features/application-form/components/application-form-provider';
import { LeaveApplicationGuard } from '@/features/application-form/components/leave-application-guard';
import { getCourseQueryOptions } from '@/features/courses/api/get-course';
import { useNextScenario } from '@/features/scenarios/api/get-scenario';
import { SCENARIO_SCREEN_TEXTS, TRAINING_TEXTS } from '@/features/scenarios/texts';
import { trainingCallResponse } from '@/features/scenarios/utils/training-call';
import { scenarioFilterFromSearch, scenarioFilterParams } from '@/features/scenarios/utils/scenario-filter';
import { formatApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { ScenarioTrainingContext } from './scenario-training-context';

// Nothing is stored in a training call, so the form is always editable and never an update.
const TRAINING_STAFF: StaffFormOptions = { currentStatus: null, readOnlyReason: null };

const isInsideTraining = (pathname: string) => pathname === paths.staffScenarioTraining.path || pathname.startsWith(`${paths.staffScenarioTraining.path}/`);

/**
 * /staff/scenarios/training: the training call for the scenario the filters in
 * the query string pick (the same answer the scenario screen shows). It mounts the application
 * form for the scenario's course (GET /api/admin/courses/{code}) empty, for the trainee to fill
 * with what the caller says; submitting only assesses (POST /api/apply/{course}/assess) and
 * returns the outcome with the chosen status: no application is stored.
 */
export function ScenarioTrainingRoute() {
  const [searchParams] = useSearchParams();
  const filter = useMemo(() => scenarioFilterFromSearch(searchParams), [searchParams]);
  const scenarioHref = paths.staffScenarios.getHref(scenarioFilterParams(filter));
  const user = useUser();
  const scenarioQuery = useNextScenario(filter);
  const scenario = scenarioQuery.data?.scenario ?? null;
  const courseQuery = useQuery({ ...getCourseQueryOptions(scenario?.UCAS_CODE ?? '', user?.username ?? null), enabled: scenario !== null });

  const submitTraining = useCallback(
    async (submission: ApplySubmission) => {
      if (!scenario) throw new Error(NO_SCENARIO_FOUND);
      const assessment = await assessApplication(scenario.UCAS_CODE, toAssessForm(submission as AssessForm));
      return trainingCallResponse(scenario, submission.STATUS ?? 'S', assessment);
    },
    [scenario],
  );

  const back = (
    <p className="cd-body">
      <Link className="cd-link" to={scenarioHref}>
        {TRAINING_TEXTS.BACK_TO_SCENARIO}
      </Link>
    </p>
  );
  if (scenarioQuery.isPending || (scenario && courseQuery.isPending)) return <Spinner label={SCENARIO_SCREEN_TEXTS.LOADING} showLabel />;
  const error = scenarioQuery.error ?? courseQuery.error;
  if (error || !scenario || !courseQuery.data) {
    return (
      <>
        <h1 className="cd-heading-l">{TRAINING_TEXTS.HEADING_CAPTION}</h1>
        <Notice variant="error">
          <p className="cd-body">{error ? formatApiError(error) : NO_SCENARIO_FOUND}</p>
        </Notice>
        {back}
      </>
    );
  }

  const context: ScenarioTrainingContext = { scenario, course: courseQuery.data, filter, scenarioHref };
  return (
    <ApplicationFormProvider key={scenario.HASH} course={courseQuery.data} audience="staff" staff={TRAINING_STAFF} submitApplication={submitTraining}>
      <LeaveApplicationGuard isInsideApplication={isInsideTraining} />
      <Outlet context={context} />
    </ApplicationFormProvider>
  );
}

export { ScenarioTrainingRoute as Component };
