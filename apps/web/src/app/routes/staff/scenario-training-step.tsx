import type { ApplicationStatus, Assessment } from '@clearing-desk/contracts';
import { buttonClassName, Notice } from '@clearing-desk/ui';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths, type ApplicationStepId } from '@/config/paths';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { ApplicationFormStep } from '@/features/application-form/components/application-form-step';
import { useFormAssessment } from '@/features/application-form/hooks/use-form-assessment';
import { findStep } from '@/features/application-form/steps';
import { DeskLayout, FeedbackPanel, SecondYearGuidance } from '@/features/call-scripts';
import { courseHeading } from '@/features/courses/components/course-information';
import type { ScenarioScreenState } from '@/features/scenarios/components/scenario-screen';
import { TrainingBrief } from '@/features/scenarios/components/training-brief';
import { TrainingOutcome } from '@/features/scenarios/components/training-outcome';
import { TRAINING_TEXTS } from '@/features/scenarios/texts';
import { scenarioFilterParams } from '@/features/scenarios/utils/scenario-filter';
import { scriptFormValues, useScriptCycle } from '../desk-form';
import { NotFound } from '../not-found';
import { useScenarioTrainingContext } from './scenario-training-context';

/**
 * The call script of a training call: the training-call intro (confirm full
 * name and date of birth) from the scenario, the live form and assessment, and the outcome script
 * of `status`. A trainee without a role on the scenario's course reads it as Front Office, the
 * least role: the script is for practice, nothing is decided with it.
 */
function TrainingScript({ status, assessment: settled }: { status: ApplicationStatus | null; assessment?: Assessment }) {
  const { scenario, course } = useScenarioTrainingContext();
  const { values } = useApplicationForm();
  const { assessment } = useFormAssessment();
  const cycle = useScriptCycle();
  return (
    <FeedbackPanel
      cycle={cycle}
      assessment={settled ?? assessment}
      form={scriptFormValues(values)}
      course={course.courseData}
      access={course.access ?? 'Front Office'}
      status={status}
      scenario={{ id: scenario.SCENARIO_ID, name: `${scenario.NAME1} ${scenario.NAME2}`, dob: scenario.DOB }}
    />
  );
}

/**
 * /staff/scenarios/training/:step: one tab of the training call's form beside the scenario's stage
 * directions and the call script; once submitted, the outcome against the scenario's expected one,
 * and 'Mark as Completed', which returns to the scenario screen for the next scenario.
 */
export function ScenarioTrainingStepRoute() {
  const { step: stepId = 'personal-details' } = useParams();
  const navigate = useNavigate();
  const { scenario, course, filter, scenarioHref } = useScenarioTrainingContext();
  const { state } = useApplicationForm();
  const step = findStep(stepId);
  if (!step) return <NotFound />;

  const submitted = state.submitted?.response;
  if (submitted) {
    return (
      <TrainingOutcome
        scenario={scenario}
        status={submitted.confirmed_status}
        light={submitted.assessment.TRAFFIC_LIGHT}
        script={<TrainingScript status={submitted.confirmed_status} assessment={submitted.assessment} />}
        onCompleted={(completion) => navigate(scenarioHref, { state: { completed: completion.SCENARIO_ID } satisfies ScenarioScreenState })}
      />
    );
  }

  const filterParams = scenarioFilterParams(filter);
  return (
    <>
      <p className="cd-body">
        <Link className={buttonClassName('secondary')} to={scenarioHref}>
          {TRAINING_TEXTS.BACK_TO_SCENARIO}
        </Link>
      </p>
      <DeskLayout
        form={
          <ApplicationFormStep
            step={step}
            courseName={`${TRAINING_TEXTS.HEADING_CAPTION}: ${courseHeading(course.courseData)}`}
            getStepHref={(id: ApplicationStepId, fieldId?: string) => paths.staffScenarioTrainingStep.getHref(filterParams, id, fieldId)}
            backHref={scenarioHref}
            slots={{
              top: (id) => (
                <>
                  <Notice title={TRAINING_TEXTS.BANNER_TITLE}>
                    <p className="cd-body">{TRAINING_TEXTS.BANNER}</p>
                  </Notice>
                  {/* The guidance SC014 trains, read as the panel's script is (Front Office at least); the form starts near the top here. */}
                  {id !== 'submit' && <SecondYearGuidance course={course.courseData} access={course.access ?? 'Front Office'} place="form" />}
                </>
              ),
            }}
          />
        }
        panel={<TrainingBrief scenario={scenario} script={<TrainingScript status={null} />} />}
      />
    </>
  );
}

export { ScenarioTrainingStepRoute as Component };
