import { useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths, type ApplicationStepId } from '@/config/paths';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { createFormValues } from '@/features/application-form/utils/form-values';
import { getLatestApplicationForm } from '@/features/desk/api/get-students';
import { StudentSearch } from '@/features/desk/components/student-search';
import { ApplicationFormStep } from '@/features/application-form/components/application-form-step';
import { findStep } from '@/features/application-form/steps';
import { CallOpening, DeskLayout, FeedbackPanel, SecondYearGuidance, type DeskScriptProps } from '@/features/call-scripts';
import { courseHeading } from '@/features/courses/components/course-information';
import { deskButtonScripts, DeskReview, useDeskScriptProps } from '../desk-form';
import { NotFound } from '../not-found';
import { useCourseContext } from './course-context';

/** What the script reads while an adviser takes the application by phone: the live answers and assessment; no status yet. */
function usePhoneScriptProps(): DeskScriptProps {
  const { detail } = useCourseContext();
  return useDeskScriptProps({ course: detail.courseData, access: detail.access });
}

/** The feedback panel and call script for an adviser taking the application by phone: the script first, the call is starting. */
function PhoneFeedback() {
  return <FeedbackPanel {...usePhoneScriptProps()} secondYearGuidanceOnTop scriptFirst />;
}

/** The greeting and first line above the form on a narrow screen (the panel is below the form there). */
function PhoneCallOpening() {
  return <CallOpening {...usePhoneScriptProps()} />;
}

/** The Review tab's staff part: the qualifications to read back, then the script once complete. */
function PhoneReview() {
  return <DeskReview scriptProps={usePhoneScriptProps()} />;
}

/** /apply/:ucasCode/:step: one tab of the public application form. */
export function ApplicationStepRoute() {
  const { step: stepId } = useParams();
  const { detail, canStart, staffApplication } = useCourseContext();
  const { state, dispatch } = useApplicationForm();
  // The latest selection (or clearing) wins over a copy still loading for an earlier one.
  const selection = useRef(0);
  const course = detail.courseData;
  const step = findStep(stepId);

  if (!step) return <NotFound />;
  // No form for a course that cannot take applications: its information page says why.
  if (!canStart) return <Navigate to={paths.apply.course.getHref(course.UCAS_CODE)} replace />;
  // A submitted form is finished: its steps lead to the confirmation.
  // An adviser's stored application opens its edit screen (the course wrapper navigates there).
  if (state.submitted && staffApplication) return null;
  if (state.submitted) return <Navigate to={paths.apply.confirmation.getHref(course.UCAS_CODE)} replace />;

  const form = (
    <ApplicationFormStep
      step={step}
      courseName={courseHeading(course)}
      getStepHref={(id: ApplicationStepId, fieldId?: string) => paths.apply.step.getHref(course.UCAS_CODE, id, fieldId)}
      backHref={paths.apply.course.getHref(course.UCAS_CODE)}
      slots={
        staffApplication
          ? {
              // Spec section 2 student search (not a tab): selecting or clearing replaces the answers, so the form is re-assessed.
              beforeSteps: (
                <StudentSearch
                  ucasCode={course.UCAS_CODE}
                  selected={staffApplication.student}
                  onSelect={(student) => {
                    const current = ++selection.current;
                    staffApplication.setStudent(student);
                    dispatch({ type: 'replace-values', values: createFormValues(course, { NAME1: student.NAME1, NAME2: student.NAME2 }) });
                    // Then every field of the student's latest application: nothing typed again for another course.
                    void getLatestApplicationForm(student).then((form) => {
                      if (selection.current === current) dispatch({ type: 'replace-values', values: createFormValues(course, form) });
                    });
                  }}
                  onClear={() => {
                    selection.current++;
                    staffApplication.setStudent(null);
                    dispatch({ type: 'replace-values', values: createFormValues(course) });
                  }}
                />
              ),
              // In view while the caller says which year they want: here on a narrow screen; beside, atop the panel.
              // The call's opening on a narrow screen: in view on the first step when the call starts.
              top: (id) =>
                id === 'submit' ? null : (
                  <>
                    {id === 'personal-details' && <PhoneCallOpening />}
                    <SecondYearGuidance course={course} access={detail.access} place="form-narrow" />
                  </>
                ),
              beforeSubmit: <PhoneReview />,
              buttonScripts: deskButtonScripts({ course, access: detail.access }),
            }
          : undefined
      }
    />
  );
  // An adviser reads the panel beside the form (below it on a narrow screen); the public sees the form alone.
  return staffApplication ? <DeskLayout form={form} panel={<PhoneFeedback />} /> : form;
}

export { ApplicationStepRoute as Component };
