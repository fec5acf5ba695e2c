import { clearingStatusUpdateSchema, LOGIN_MESSAGES, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { ErrorSummary, Notice, Spinner, type ErrorSummaryItem } from '@clearing-desk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatApiError } from '@/lib/api-client';
import { getClearingStatusQueryOptions } from '@/lib/clearing-status';
import { useUpdateClearingStatus } from '../api/update-clearing-status';
import { CLEARING_STATUS_TEXTS } from '../texts';
import { ClearingAuditTable } from './clearing-audit-table';
import { ClearingStatusForm, MESSAGE_ID, type ClearingStatusValues } from './clearing-status-form';
import { RecruitmentCycleSection } from './recruitment-cycle-section';

type ClearingStatusSettingsProps = {
  /** `canManageClearing(user)`: an Administrator over all courses. Anyone else gets the permission text. */
  canManage: boolean;
  /** After a save (the status every screen reads is already the saved one); the app refreshes the ping with it. */
  onSaved?: (status: ClearingStatusResponse) => void;
};

/** The Clearing settings: the form, 'Recent changes', then the recruitment cycle (the route adds 'Sign-in lockouts' below for the same Administrators). */
export function ClearingStatusSettings({ canManage, onSaved }: ClearingStatusSettingsProps) {
  useDocumentTitle(CLEARING_STATUS_TEXTS.HEADING);
  if (!canManage) {
    return (
      <>
        <h1 className="cd-heading-l">{CLEARING_STATUS_TEXTS.HEADING}</h1>
        <p className="cd-body">{LOGIN_MESSAGES.FORBIDDEN}</p>
      </>
    );
  }
  return <ClearingStatusSettingsContent onSaved={onSaved} />;
}

/**
 * Checked with the contract's `clearingStatusUpdateSchema` (the gateway runs the same). A failure
 * shows in the error summary above the heading (the server's message), a save 'Settings saved.'
 * in a status region that is always on the page, so screen readers announce it.
 */
function ClearingStatusSettingsContent({ onSaved }: Pick<ClearingStatusSettingsProps, 'onSaved'>) {
  // Fetched again as the page opens: the gate's reading may be minutes old.
  const status = useQuery({ ...getClearingStatusQueryOptions(), staleTime: 0 });
  const mutation = useUpdateClearingStatus({ onSuccess: onSaved });
  const [attempt, setAttempt] = useState(0);
  const [messageError, setMessageError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const errors: ErrorSummaryItem[] = messageError
    ? [{ fieldId: MESSAGE_ID, message: messageError }]
    : mutation.isError
      ? [{ message: mutation.error.message }]
      : [];

  const save = ({ state, message }: ClearingStatusValues, stored: (status: ClearingStatusResponse) => void) => {
    setSaved(false);
    setAttempt((n) => n + 1);
    const parsed = clearingStatusUpdateSchema.safeParse({ state: Number(state), closing_message: message });
    if (!parsed.success) {
      mutation.reset();
      setMessageError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setMessageError(null);
    mutation.mutate(parsed.data, {
      onSuccess: (answer) => {
        // The boxes show the stored setting (outside the cycle's window the public state is closed whatever it says).
        stored(answer.setting ?? answer);
        setSaved(true);
      },
    });
  };

  return (
    <>
      <ErrorSummary key={attempt} errors={errors} />
      <h1 className="cd-heading-l">{CLEARING_STATUS_TEXTS.HEADING}</h1>
      <p className="cd-body">{CLEARING_STATUS_TEXTS.INTRO}</p>
      <div role="status" className="cd-settings__status">
        {saved && (
          <Notice variant="success">
            <p className="cd-notice__heading">{CLEARING_STATUS_TEXTS.SAVED}</p>
          </Notice>
        )}
      </div>
      {status.isPending ? (
        <Spinner label={CLEARING_STATUS_TEXTS.LOADING} />
      ) : status.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(status.error)}
        </p>
      ) : (
        <ClearingStatusForm
          initial={status.data.setting ?? status.data}
          saving={mutation.isPending}
          messageError={messageError}
          onSubmit={save}
          onEdit={() => setSaved(false)}
        />
      )}
      <ClearingAuditTable />
      <RecruitmentCycleSection />
    </>
  );
}
