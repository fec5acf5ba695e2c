import {
  type ApplySubmission,
  BACK_TO_LISTING,
  ucasAddedLabel,
  editRefusalReason,
  heldByOther,
  PRESENCE_TEXTS,
  workQueueItemSchema,
  type WorkQueueItem,
} from '@clearing-desk/contracts';
import { Notice, Spinner, Tag } from '@clearing-desk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApplicationFormProvider, type StaffFormOptions } from '@/features/application-form/components/application-form-provider';
import { LeaveApplicationGuard } from '@/features/application-form/components/leave-application-guard';
import { applicationsKeys } from '@/features/desk/api/applications-keys';
import { useDeskApplication } from '@/features/desk/api/get-application';
import { updateDeskApplication } from '@/features/desk/api/save-application';
import { NextCallReason } from '@/features/desk/components/next-call-reason';
import { PresenceNotice } from '@/features/desk/components/presence-notice';
import { usePresence } from '@/features/desk/hooks/use-presence';
import { DESK_TEXTS } from '@/features/desk/texts';
import { formatApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { ApplicationEditContext, SavedLocationState } from './application-edit-context';

/**
 * /applications/:studentId/:ucasCode (staff, spec section 2): loads the application
 * (GET /api/admin/applications/{student}/{course}) and holds the application form around its
 * step pages, started from the stored values, editable only where spec section 6 allows
 * (canEditApplication; read-only with editRefusalReason otherwise). Saving is the PUT with the
 * version the form was loaded with, so a second adviser's save gets the conflict message (409)
 * and the edits stay on screen. While open it holds the application for this adviser (presence,
 * usePresence): another adviser who has it open first is named at the top, saving is blocked with
 * the reason until it is free or taken over.
 */
export function ApplicationEditRoute() {
  const { studentId = '', ucasCode = '' } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useDeskApplication(studentId, ucasCode);
  const base = paths.applicationEdit.getHref(studentId, ucasCode);

  // The listing's filters come with the Edit link; kept for the whole visit (step moves drop location state).
  // Arriving from a phone application just stored (course.tsx): kept for the visit, as the listing link is.
  const [savedOnArrival] = useState(() => (location.state as Partial<SavedLocationState> | null)?.saved === true);
  // Taken with 'Next call': why it is next, shown for the whole visit.
  const [queueItem] = useState<WorkQueueItem | null>(() => {
    const parsed = workQueueItemSchema.safeParse((location.state as { queueItem?: unknown } | null)?.queueItem);
    return parsed.success ? parsed.data : null;
  });
  const [listingHref] = useState(() => {
    const search = (location.state as { listingSearch?: unknown } | null)?.listingSearch;
    return paths.applicationsSearch.getHref(typeof search === 'string' ? search : '');
  });

  // The version the form was loaded with (the GET's ETag), then of each save: a save sends it as
  // If-Match, the service refuses a stale one (409). Later loads do not move it: the form keeps
  // the answers it was started with, so it must not claim a version it has not seen.
  const versionRef = useRef<number | null | undefined>(undefined);
  if (query.data && versionRef.current === undefined) versionRef.current = query.data.version;

  // Presence: the application is held for this adviser while the screen is open, until they
  // record an outcome (a status change or a call); another adviser's hold blocks saving here.
  const [outcomeRecorded, setOutcomeRecorded] = useState(false);
  const onOutcome = useCallback(() => setOutcomeRecorded(true), []);
  const { presence, takeOver } = usePresence(studentId, ucasCode, query.isSuccess && !outcomeRecorded);
  const username = useUser()?.username ?? '';
  const holder = presence?.holder ?? null;
  const saveBlockedReason = heldByOther(holder, username) && presence?.mine === false ? PRESENCE_TEXTS.held(holder.name) : null;

  const isInsideApplication = useCallback((pathname: string) => pathname === base || pathname.startsWith(`${base}/`), [base]);

  const staff = useMemo<StaffFormOptions | undefined>(() => {
    if (!query.data) return undefined;
    const { applicationData, access } = query.data.data;
    return {
      currentStatus: applicationData.STATUS,
      access,
      readOnlyReason: editRefusalReason(access, applicationData.STATUS),
      updateApplication: async (submission: ApplySubmission) => {
        const saved = await updateDeskApplication(
          studentId,
          ucasCode,
          { ...submission, STATUS: submission.STATUS ?? applicationData.STATUS },
          versionRef.current ?? null,
        );
        versionRef.current = saved.version;
        // A decision is an outcome: the service released the hold with it.
        if (saved.confirmed_status !== applicationData.STATUS) onOutcome();
        await queryClient.invalidateQueries({ queryKey: applicationsKeys.details() });
        await queryClient.invalidateQueries({ queryKey: applicationsKeys.lists() });
        return saved;
      },
      // The course's places come with the application: it is read again, so the form
      // warns and an Administrator's next offer asks to go over the allowance.
      refreshCourse: () => queryClient.invalidateQueries({ queryKey: applicationsKeys.details() }),
    };
    // Only the first load starts the form: later loads (after a save or a call) refresh the panel, not the answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data !== undefined, studentId, ucasCode, queryClient]);
  const staffNow = useMemo(() => staff && { ...staff, saveBlockedReason }, [staff, saveBlockedReason]);

  if (query.isPending) return <Spinner label={DESK_TEXTS.LOADING_APPLICATION} showLabel />;
  if (query.isError) {
    return (
      <>
        <Notice variant="error">
          <p className="cd-body">{formatApiError(query.error)}</p>
        </Notice>
        <p className="cd-body">
          <Link className="cd-link" to={listingHref}>
            {BACK_TO_LISTING}
          </Link>
        </p>
      </>
    );
  }

  const { courseData, qualOptions, access, applicationData } = query.data.data;
  const context: ApplicationEditContext = { detail: query.data.data, studentId, ucasCode, listingHref, savedOnArrival, saveBlockedReason, onOutcome };
  return (
    <ApplicationFormProvider
      key={`${studentId}/${ucasCode}`}
      // The draft of this version: a reload resumes the edits, unless someone
      // saved the application since (a new version), whose answers are then never overwritten.
      draftKey={`edit:${studentId}/${ucasCode}@${String(versionRef.current ?? '')}`}
      course={{ courseData, qualOptions, access }}
      initialValues={applicationData}
      audience="staff"
      staff={staffNow}
    >
      <LeaveApplicationGuard isInsideApplication={isInsideApplication} />
      {queueItem && <NextCallReason item={queueItem} />}
      <PresenceNotice presence={presence} onTakeOver={takeOver} />
      {ucasAddedLabel(query.data.data.UCAS_ADDED_AT) && (
        <p className="cd-body">
          <Tag colour="green">{ucasAddedLabel(query.data.data.UCAS_ADDED_AT)}</Tag>
        </p>
      )}
      <Outlet context={context} />
    </ApplicationFormProvider>
  );
}

export { ApplicationEditRoute as Component };
