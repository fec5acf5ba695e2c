import { Navigate, useParams } from 'react-router-dom';
import { paths, type ApplicationStepId } from '@/config/paths';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { ApplicationFormStep } from '@/features/application-form/components/application-form-step';
import { findStep } from '@/features/application-form/steps';
import { courseHeading } from '@/features/courses/components/course-information';
import { NotFound } from '../not-found';
import { useCourseContext } from './course-context';

/** /apply/:ucasCode/:step: one tab of the public application form. */
export function ApplicationStepRoute() {
  const { step: stepId } = useParams();
  const { detail, canStart } = useCourseContext();
  const { state } = useApplicationForm();
  const course = detail.courseData;
  const step = findStep(stepId);

  if (!step) return <NotFound />;
  // No form for a course that cannot take applications: its information page says why.
  if (!canStart) return <Navigate to={paths.apply.course.getHref(course.UCAS_CODE)} replace />;
  // A submitted form is finished: its steps lead to the confirmation.
  if (state.submitted) return <Navigate to={paths.apply.confirmation.getHref(course.UCAS_CODE)} replace />;

  return (
    <ApplicationFormStep
      step={step}
      courseName={courseHeading(course)}
      getStepHref={(id: ApplicationStepId, fieldId?: string) => paths.apply.step.getHref(course.UCAS_CODE, id, fieldId)}
      backHref={paths.apply.course.getHref(course.UCAS_CODE)}
    />
  );
}

export { ApplicationStepRoute as Component };
