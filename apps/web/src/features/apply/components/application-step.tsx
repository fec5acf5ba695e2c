import { Button } from '@clearing-desk/ui';
import { useNavigate } from 'react-router-dom';
import type { ApplicationStepId } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { APPLICATION_STEPS, type ApplicationStep as Step } from '../steps';
import { ApplicationStepsNav } from './application-steps-nav';

type ApplicationStepProps = {
  step: Step;
  courseName: string;
  getStepHref: (step: ApplicationStepId) => string;
  /** Where Previous leads from step 1: the course information page. */
  informationHref: string;
};

/**
 * One step of the application form with the step tabs and Previous / Next buttons. The form
 * fields themselves come in a later issue; for now each step shows its heading.
 */
export function ApplicationStep({ step, courseName, getStepHref, informationHref }: ApplicationStepProps) {
  const navigate = useNavigate();
  useDocumentTitle(step.heading, courseName);
  const index = APPLICATION_STEPS.findIndex((s) => s.id === step.id);
  const previous = APPLICATION_STEPS[index - 1];
  const next = APPLICATION_STEPS[index + 1];

  return (
    <div className="cd-application-step">
      <span className="cd-caption-l">{courseName}</span>
      <ApplicationStepsNav current={step.id} getHref={getStepHref} />
      <h1 className="cd-heading-l">{step.heading}</h1>
      <p className="cd-body cd-secondary-text">This part of the application form is on its way.</p>
      <div className="cd-button-group">
        <Button variant="secondary" onClick={() => navigate(previous ? getStepHref(previous.id) : informationHref)}>
          Previous
        </Button>
        {next && <Button onClick={() => navigate(getStepHref(next.id))}>Next</Button>}
      </div>
    </div>
  );
}
