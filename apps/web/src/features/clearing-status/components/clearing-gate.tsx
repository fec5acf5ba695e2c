import { DEFAULT_CLOSED_MESSAGE, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { Spinner } from '@clearing-desk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePing } from '../api/get-ping';
import { clearingStatusKeys, useClearingStatus } from '@/lib/clearing-status';

type ClearingGateProps = {
  children: ReactNode;
  /** A logged-in staff user sees the app even when clearing is closed (spec section 4). */
  isStaff?: boolean;
  /** Whether the staff session is still being restored: a closed Clearing waits for it (spinner). */
  isStaffPending?: boolean;
  /** Ping interval; tests shorten it. */
  pingIntervalMs?: number;
};

/**
 * Clearing open/closed gate (spec section 4): GET /api/admin/status at load (spinner meanwhile),
 * GET /api/ping every 5 minutes. Open (1) or staff: the app; closed: the server's closing message
 * or the default one.
 *
 * A failed status or ping call is kept in the query cache (`error`) but shown to nobody, and the
 * app stays open (spec section 8): a broken status endpoint must not stop the public applying;
 * the gateway still refuses applications to closed courses.
 */
/**
 * True while the app takes over a page pre-rendered as open (app/start.tsx hydrates it, ADR 0003):
 * the gate shows the page while the status loads, as the HTML did, instead of the spinner, so the
 * first render matches the HTML and the app takes over without waiting for the status. A closed
 * answer then shows the closed message as usual.
 */
export const ShowPageWhileStatusLoadsContext = createContext(false);

export function ClearingGate({ children, isStaff = false, isStaffPending = false, pingIntervalMs }: ClearingGateProps) {
  const status = useClearingStatus();
  const showPageWhileLoading = useContext(ShowPageWhileStatusLoadsContext);
  if (status.isPending && !showPageWhileLoading) return <Spinner label="Loading" />;
  return (
    <ClearingGateContent
      status={status.data}
      statusSettled={!status.isPending}
      statusUpdatedAt={status.dataUpdatedAt}
      isStaff={isStaff}
      isStaffPending={isStaffPending}
      pingIntervalMs={pingIntervalMs}
    >
      {children}
    </ClearingGateContent>
  );
}

type ClearingGateContentProps = {
  status: ClearingStatusResponse | undefined;
  /** False while the status call is still out (a pre-rendered page shows meanwhile): the ping waits for it. */
  statusSettled: boolean;
  statusUpdatedAt: number;
  isStaff: boolean;
  isStaffPending: boolean;
  pingIntervalMs: number | undefined;
  children: ReactNode;
};

function ClearingGateContent({ status, statusSettled, statusUpdatedAt, isStaff, isStaffPending, pingIntervalMs, children }: ClearingGateContentProps) {
  const queryClient = useQueryClient();
  // Started only once the status call has settled, so the ping starts from its answer.
  const ping = usePing({ initialState: status?.state, initialStateAt: statusUpdatedAt, intervalMs: pingIntervalMs, enabled: statusSettled });

  const state = ping.data?.state ?? status?.state ?? 1;
  const pingDisagrees = status !== undefined && ping.data !== undefined && ping.data.state !== status.state;

  // The ping carries no message: when it reports a change, fetch the status again for the closing message.
  useEffect(() => {
    if (pingDisagrees) void queryClient.invalidateQueries({ queryKey: clearingStatusKeys.status() });
  }, [pingDisagrees, ping.dataUpdatedAt, queryClient]);

  if (state === 1 || isStaff) return <>{children}</>;
  if (isStaffPending) return <Spinner label="Loading" />;
  return <ClearingClosed message={status?.state === 0 ? status.closing_message : null} />;
}

/** What the public sees while clearing is closed. */
export function ClearingClosed({ message }: { message: string | null }) {
  useDocumentTitle('Clearing is closed');
  return (
    <div className="cd-clearing-closed">
      <h1 className="cd-heading-l">Clearing is closed</h1>
      <p className="cd-body-l">{message?.trim() ? message : DEFAULT_CLOSED_MESSAGE}</p>
    </div>
  );
}
