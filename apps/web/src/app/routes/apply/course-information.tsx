import { CALLBACK_TEXTS } from '@clearing-desk/contracts';
import { Spinner } from '@clearing-desk/ui';
import { lazy, Suspense, useState } from 'react';
import { CourseInformation, courseHeading } from '@/features/courses/components/course-information';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCourseContext } from './course-context';

// The booking form, its schema and its requests load only when the applicant opens the section (the course page stays light).
const CallbackRequestForm = lazy(() => import('@/features/callbacks/components/callback-request-form'));

/**
 * 'Ask us to call you' for someone who cannot get through and has not applied: a disclosure
 * button whose form (features/callbacks) is fetched the first time it is opened, and kept mounted
 * (hidden) when closed again.
 */
function AskUsToCall({ ucasCode }: { ucasCode: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <section className="cd-callback-request-section" aria-labelledby="callback-request-heading">
      <h2 className="cd-heading-m" id="callback-request-heading">
        <button
          type="button"
          className="cd-disclosure"
          aria-expanded={open}
          aria-controls="callback-request"
          onClick={() => {
            setOpen(!open);
            setOpened(true);
          }}
        >
          {CALLBACK_TEXTS.HEADING}
        </button>
      </h2>
      <div id="callback-request" hidden={!open}>
        {opened && (
          <Suspense fallback={<Spinner label={CALLBACK_TEXTS.HEADING} />}>
            <CallbackRequestForm ucasCode={ucasCode} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** /apply/:ucasCode (index): the course information page before the form, and for the public 'Ask us to call you'. */
export function CourseInformationRoute() {
  const { detail, canApply, staffApplication } = useCourseContext();
  const course = detail.courseData;
  useDocumentTitle(courseHeading(course));
  return (
    <>
      <CourseInformation
        course={course}
        canApply={canApply}
        startHref={paths.apply.step.getHref(course.UCAS_CODE, 'personal-details')}
        staff={Boolean(staffApplication)}
      />
      {!staffApplication && <AskUsToCall ucasCode={course.UCAS_CODE} />}
    </>
  );
}

export { CourseInformationRoute as Component };
