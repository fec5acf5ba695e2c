import { Navigate, useParams } from 'react-router-dom';
import { paths, type ApplicationStepId } from '@/config/paths';
import { ApplicationStep } from '@/features/apply/components/application-step';
import { findStep } from '@/features/apply/steps';
import { courseHeading } from '@/features/courses/components/course-information';
import { NotFound } from '../not-found';
import { useCourseContext } from './course-context';

/** /apply/:ucasCode/:step: one tab of the application form. */
export function ApplicationStepRoute() {
  const { step: stepId } = useParams();
  const { detail, canStart } = useCourseContext();
  const course = detail.courseData;
  const step = findStep(stepId);

  if (!step) return <NotFound />;
  // No form for a course that cannot take applications: its information page says why.
  if (!canStart) return <Navigate to={paths.apply.course.getHref(course.UCAS_CODE)} replace />;

  return (
    <ApplicationStep
      step={step}
      courseName={courseHeading(course)}
      getStepHref={(id: ApplicationStepId) => paths.apply.step.getHref(course.UCAS_CODE, id)}
      informationHref={paths.apply.course.getHref(course.UCAS_CODE)}
    />
  );
}

export { ApplicationStepRoute as Component };
