import type { LoginLockout } from '@clearing-desk/contracts';
import { Button, Notice, Spinner, Table, type TableColumn } from '@clearing-desk/ui';
import { useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useLiftSignInLockout, useSignInLockouts } from '../api/sign-in-lockouts';
import { formatLondonDateTime } from '@/lib/format-date-time';
import { LOCKOUT_TEXTS, lockoutKindText } from '../texts';

const rowKey = (row: LoginLockout) => `${row.kind}|${row.username ?? ''}|${row.address ?? ''}`;

/** The button's accessible name tells which lockout it lifts. */
const liftLabel = (row: LoginLockout) =>
  `${LOCKOUT_TEXTS.LOCKOUTS_LIFT} ${lockoutKindText(row.kind).toLowerCase()}: ${row.username ?? LOCKOUT_TEXTS.LOCKOUTS_EVERY.toLowerCase() + ' username'}${row.address ? ` from ${row.address}` : ''}`;

/**
 * 'Sign-in lockouts': GET /api/admin/auth/lockouts, each with a Lift button
 * (POST /api/admin/auth/lockouts/lift). The outcome shows in a status region that is always on
 * the page (screen readers announce it); a failed lift shows the server's message as an alert.
 */
export function SignInLockouts() {
  const lockouts = useSignInLockouts();
  const lift = useLiftSignInLockout();
  const [lifted, setLifted] = useState(false);

  const columns: TableColumn<LoginLockout>[] = [
    { id: 'kind', header: LOCKOUT_TEXTS.LOCKOUTS_KIND, cell: (row) => lockoutKindText(row.kind) },
    { id: 'username', header: LOCKOUT_TEXTS.LOCKOUTS_USERNAME, cell: (row) => row.username ?? LOCKOUT_TEXTS.LOCKOUTS_EVERY },
    { id: 'address', header: LOCKOUT_TEXTS.LOCKOUTS_ADDRESS, cell: (row) => row.address ?? LOCKOUT_TEXTS.LOCKOUTS_EVERY },
    { id: 'refusals', header: LOCKOUT_TEXTS.LOCKOUTS_REFUSALS, cell: (row) => String(row.refusals) },
    { id: 'until', header: LOCKOUT_TEXTS.LOCKOUTS_UNTIL, cell: (row) => <time dateTime={row.until}>{formatLondonDateTime(row.until)}</time> },
    {
      id: 'action',
      header: LOCKOUT_TEXTS.LOCKOUTS_ACTION,
      cell: (row) => (
        <Button
          variant="secondary"
          aria-label={liftLabel(row)}
          disabled={lift.isPending}
          onClick={() => {
            setLifted(false);
            lift.mutate({ kind: row.kind, username: row.username, address: row.address }, { onSuccess: () => setLifted(true) });
          }}
        >
          {LOCKOUT_TEXTS.LOCKOUTS_LIFT}
        </Button>
      ),
    },
  ];

  return (
    <section className="cd-audit" aria-labelledby="sign-in-lockouts-heading">
      <h2 className="cd-heading-m" id="sign-in-lockouts-heading">
        {LOCKOUT_TEXTS.LOCKOUTS_HEADING}
      </h2>
      <p className="cd-body">{LOCKOUT_TEXTS.LOCKOUTS_INTRO}</p>
      <div role="status">
        {lifted && (
          <Notice variant="success">
            <p className="cd-notice__heading">{LOCKOUT_TEXTS.LOCKOUTS_LIFTED}</p>
          </Notice>
        )}
      </div>
      {lift.isError && (
        <p className="cd-error-message" role="alert">
          {formatApiError(lift.error)}
        </p>
      )}
      {lockouts.isPending ? (
        <Spinner label={LOCKOUT_TEXTS.LOCKOUTS_LOADING} />
      ) : lockouts.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(lockouts.error)}
        </p>
      ) : lockouts.data.rows.length === 0 ? (
        <p className="cd-body">{LOCKOUT_TEXTS.LOCKOUTS_EMPTY}</p>
      ) : (
        <div className="cd-table-container">
          <Table caption={LOCKOUT_TEXTS.LOCKOUTS_HEADING} captionHidden columns={columns} rows={lockouts.data.rows} rowKey={rowKey} />
        </div>
      )}
    </section>
  );
}
