import { applicationEditHeading, BACK_TO_LISTING, canEditApplication } from '@clearing-desk/contracts';
import { buttonClassName } from '@clearing-desk/ui';
import { Link, useParams } from 'react-router-dom';
import { paths, type ApplicationStepId } from '@/config/paths';
import { ApplicationFormStep } from '@/features/application-form/components/application-form-step';
import { findStep } from '@/features/application-form/steps';
import { formatFileSize } from '@/features/application-form/utils/file-size';
import { ApplicationDocuments } from '@/features/applications/components/application-documents';
import { OutboundCall } from '@/features/applications/components/outbound-call';
import { DeskLayout, FeedbackPanel, type DeskScriptProps } from '@/features/call-scripts';
import { courseHeading } from '@/features/courses/components/course-information';
import { DeskReview, useDeskScriptProps } from './desk-form';
import { NotFound } from './not-found';
import { useApplicationEditContext } from './application-edit-context';

/** What the script of the edit screen reads: the live answers and assessment, the stored ids, the saved status. */
function useEditScriptProps(): DeskScriptProps {
  const { detail } = useApplicationEditContext();
  const { applicationData, courseData, access } = detail;
  return useDeskScriptProps({
    course: courseData,
    access,
    applicationId: applicationData.APPLICATION_ID,
    reference: `${applicationData.DEPART_NUMBER}${applicationData.REFERENCE}`,
  });
}

/**
 * The feedback panel of the edit screen (issue 10's FeedbackPanel): the live assessment and
 * answers, the stored LOG (numbered), and the outbound call button. Composed here because features
 * never import each other.
 */
function DeskFeedback() {
  const { detail, studentId, ucasCode } = useApplicationEditContext();
  const scriptProps = useEditScriptProps();
  const { applicationData, access } = detail;
  return (
    <FeedbackPanel
      {...scriptProps}
      log={applicationData.LOG}
      outboundCall={
        <OutboundCall
          studentId={studentId}
          ucasCode={ucasCode}
          remark={applicationData.OUTBOUND_CALL_REMARK}
          disabled={!canEditApplication(access, applicationData.STATUS)}
        />
      }
    />
  );
}

/** The Review tab's staff part: the qualifications to read back, then the script once complete. */
function EditReview() {
  return <DeskReview scriptProps={useEditScriptProps()} />;
}

/** /applications/:studentId/:ucasCode/:step: one tab of the stored application, beside the feedback panel. */
export function ApplicationEditStepRoute() {
  const { step: stepId = 'personal-details' } = useParams();
  const { detail, studentId, ucasCode, listingHref } = useApplicationEditContext();
  const step = findStep(stepId);
  if (!step) return <NotFound />;
  const { applicationData, courseData, documents } = detail;
  const documentsList = <ApplicationDocuments studentId={studentId} ucasCode={ucasCode} documents={documents} formatSize={formatFileSize} />;

  return (
    <>
      <p className="cd-body">
        <Link className={buttonClassName('secondary')} to={listingHref}>
          {BACK_TO_LISTING}
        </Link>
      </p>
      <DeskLayout
        form={
          <ApplicationFormStep
            step={step}
            courseName={`${applicationEditHeading(applicationData.STUDENT_ID, applicationData.APPLICATION_ID)}: ${courseHeading(courseData)}`}
            getStepHref={(id: ApplicationStepId, fieldId?: string) => paths.applicationEditStep.getHref(studentId, ucasCode, id, fieldId)}
            backHref={listingHref}
            slots={{
              bottom: (id) => (id === 'qualifications' ? documentsList : null),
              // The stored documents once, with their download links, in place of the read-back's list.
              documents: documentsList,
              beforeSubmit: <EditReview />,
            }}
          />
        }
        panel={<DeskFeedback />}
      />
    </>
  );
}

export { ApplicationEditStepRoute as Component };
