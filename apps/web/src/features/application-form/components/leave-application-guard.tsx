import { CONFIRMATION_TEXTS } from '@clearing-desk/contracts';
import { ConfirmDialog } from '@clearing-desk/ui';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { FORM_TEXTS } from '../texts';
import { useApplicationForm } from './application-form-provider';

type LeaveApplicationGuardProps = {
  /** Router pathnames that belong to this application (its steps): moving between them is free. */
  isInsideApplication: (pathname: string) => boolean;
};

/**
 * Spec section 2: with unsaved changes, leaving asks 'Are you sure you want to leave this
 * application?'. In-app navigation away is held by the router (useBlocker) behind a dialog; closing
 * or reloading the tab gets the browser's own beforeunload question. Nothing is asked after a
 * successful submission.
 */
export function LeaveApplicationGuard({ isInsideApplication }: LeaveApplicationGuardProps) {
  const { hasUnsavedChanges } = useApplicationForm();

  useEffect(() => {
    if (!hasUnsavedChanges) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  const blocker = useBlocker(({ nextLocation }) => hasUnsavedChanges && !isInsideApplication(nextLocation.pathname));

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={CONFIRMATION_TEXTS.LEAVE_PAGE}
      confirmLabel={FORM_TEXTS.LEAVE_CONFIRM}
      cancelLabel={FORM_TEXTS.LEAVE_CANCEL}
      confirmVariant="warning"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p className="cd-body">{FORM_TEXTS.LEAVE_BODY}</p>
    </ConfirmDialog>
  );
}
