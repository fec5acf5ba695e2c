import { applicationEditHeading, applicationReference, BACK_TO_LISTING, canEditApplication, CYCLE_MESSAGES, SCRIPT_HEADINGS } from '@clearing-desk/contracts';
import { buttonClassName } from '@clearing-desk/ui';
import { Link, useParams } from 'react-router-dom';
import { apiPaths, paths, type ApplicationStepId } from '@/config/paths';
import { ApplicationFormStep } from '@/features/application-form/components/application-form-step';
import { findStep } from '@/features/application-form/steps';
import { formatFileSize } from '@/features/application-form/utils/file-size';
import { ApplicationDocuments } from '@/features/desk/components/application-documents';
import { ApplicationEmails } from '@/features/desk/components/application-emails';
import { OutboundCall } from '@/features/desk/components/outbound-call';
import { ApplicationAudit } from '@/features/audit-trail/components/application-audit';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { env } from '@/config/env';
import {
  deskCallScript,
  deskDecisionFacts,
  DeskLayout,
  FeedbackPanel,
  SavedConfirmation,
  SecondYearGuidance,
  type DeskScriptProps,
} from '@/features/call-scripts';
import { courseHeading } from '@/features/courses/components/course-information';
import { deskButtonScripts, DeskReview, useDeskScriptProps, type KnownScriptProps } from './desk-form';
import { NotFound } from './not-found';
import { useApplicationEditContext, type ApplicationEditContext } from './application-edit-context';
import { useClearingStatus } from '@/lib/clearing-status';

/** What the edit screen's script knows besides the live form: the course, the access and the stored ids. */
const editKnown = (detail: ApplicationEditContext['detail']): KnownScriptProps => ({
  course: detail.courseData,
  access: detail.access,
  applicationId: detail.applicationData.APPLICATION_ID,
  reference: applicationReference(detail.applicationData),
  facts: deskDecisionFacts(detail, env.VITE_CLEARING_TEAM_TELEPHONE),
});

/** What the script of the edit screen reads: the live answers and assessment, the stored ids, the saved status. */
function useEditScriptProps(): DeskScriptProps {
  return useDeskScriptProps(editKnown(useApplicationEditContext().detail));
}

/**
 * The feedback panel of the edit screen (FeedbackPanel): the live assessment and
 * answers, the stored LOG (numbered), and the outbound call button. Composed here because features
 * never import each other.
 */
function DeskFeedback() {
  const { detail, studentId, ucasCode, saveBlockedReason, onOutcome } = useApplicationEditContext();
  const scriptProps = useEditScriptProps();
  const { applicationData, access } = detail;
  return (
    <FeedbackPanel
      {...scriptProps}
      log={applicationData.LOG}
      secondYearGuidanceOnTop
      outboundCall={
        <OutboundCall
          studentId={studentId}
          ucasCode={ucasCode}
          remark={applicationData.OUTBOUND_CALL_REMARK}
          disabled={!canEditApplication(access, applicationData.STATUS) || saveBlockedReason !== null}
          onLogged={onOutcome}
        />
      }
      emails={
        <>
          <ApplicationEmails studentId={studentId} ucasCode={ucasCode} canResend={canEditApplication(access, applicationData.STATUS)} />
          {access === 'Administrator' && (
            <ApplicationAudit studentId={studentId} ucasCode={ucasCode} csvHref={apiPaths.deskAuditCsv({ student: studentId, course: ucasCode })} />
          )}
        </>
      }
    />
  );
}

/** The Review tab's staff part: the qualifications to read back, then the script once complete. */
function EditReview() {
  return <DeskReview scriptProps={useEditScriptProps()} />;
}

/**
 * 'Saved' at the top of the screen after this visit stored the application (a
 * phone application arriving here, or an update), until the form is changed again: the reference
 * the caller quotes, the decision (the stored status, reloaded by the save) and its outcome script,
 * and 'Next caller', a fresh phone application form for the course.
 */
function EditSaved() {
  const { detail, savedOnArrival } = useApplicationEditContext();
  const { state, modified } = useApplicationForm();
  const scriptProps = useEditScriptProps();
  const { applicationData, courseData } = detail;
  if ((!savedOnArrival && state.saved === null) || modified) return null;
  return (
    <SavedConfirmation
      // A new save is a new confirmation: mounted again, it takes focus again.
      key={state.saved?.at ?? 'arrival'}
      facts={deskCallScript({ ...scriptProps, status: applicationData.STATUS }).facts}
      status={applicationData.STATUS}
      outcome={deskCallScript({ ...scriptProps, status: applicationData.STATUS }).outcome}
      nextCaller={
        <Link className={buttonClassName('primary')} to={paths.apply.step.getHref(courseData.UCAS_CODE, 'personal-details')}>
          {SCRIPT_HEADINGS.NEXT_CALLER}
        </Link>
      }
    />
  );
}

/**
 * The cycle the application was made in (its stored intake; domain.md "Recruitment cycles"), and
 * the current cycle beside it when that is a later one: after a roll, last cycle's applications
 * stay readable under their own cycle.
 */
function ApplicationCycle({ cycle }: { cycle: string }) {
  const current = useClearingStatus().data?.cycle?.NAME ?? null;
  return (
    <p className="cd-body cd-application-cycle">
      {CYCLE_MESSAGES.APPLICATION_CYCLE_LABEL}: <strong>{CYCLE_MESSAGES.APPLICATION_CYCLE(cycle, current)}</strong>
    </p>
  );
}

/** /applications/:studentId/:ucasCode/:step: one tab of the stored application, beside the feedback panel. */
export function ApplicationEditStepRoute() {
  const { step: stepId = 'personal-details' } = useParams();
  const { detail, studentId, ucasCode, listingHref } = useApplicationEditContext();
  const step = findStep(stepId);
  if (!step) return <NotFound />;
  const { applicationData, courseData, documents } = detail;
  const reference = applicationReference(applicationData);
  const documentsList = <ApplicationDocuments studentId={studentId} ucasCode={ucasCode} documents={documents} formatSize={formatFileSize} />;

  return (
    <>
      <EditSaved />
      <p className="cd-body">
        <Link className={buttonClassName('secondary')} to={listingHref}>
          {BACK_TO_LISTING}
        </Link>
      </p>
      <ApplicationCycle cycle={detail.CYCLE} />
      <DeskLayout
        form={
          <ApplicationFormStep
            step={step}
            courseName={`${applicationEditHeading(applicationData.STUDENT_ID, applicationData.APPLICATION_ID, reference)}: ${courseHeading(courseData)}`}
            getStepHref={(id: ApplicationStepId, fieldId?: string) => paths.applicationEditStep.getHref(studentId, ucasCode, id, fieldId)}
            backHref={listingHref}
            slots={{
              top: (id) => (id === 'submit' ? null : <SecondYearGuidance course={courseData} access={detail.access} place="form-narrow" />),
              bottom: (id) => (id === 'qualifications' ? documentsList : null),
              // The stored documents once, with their download links, in place of the read-back's list.
              documents: documentsList,
              beforeSubmit: <EditReview />,
              buttonScripts: deskButtonScripts(editKnown(detail)),
            }}
          />
        }
        panel={<DeskFeedback />}
      />
    </>
  );
}

export { ApplicationEditStepRoute as Component };
