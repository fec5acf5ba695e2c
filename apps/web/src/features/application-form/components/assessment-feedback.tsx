import { useFormAssessment } from '../hooks/use-form-assessment';
import { useApplicationForm } from './application-form-provider';
import { FeedbackPanel } from './feedback-panel';

/** The FeedbackPanel fed by the form's live assessment, for staff screens' slots. */
export function AssessmentFeedback() {
  const { course } = useApplicationForm();
  const { assessment } = useFormAssessment();
  return <FeedbackPanel assessment={assessment} course={course} />;
}
