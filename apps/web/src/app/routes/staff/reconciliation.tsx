import { canViewReconciliation, RECONCILIATION_TEXTS as T } from '@clearing-desk/contracts';
import { ReconciliationReportScreen } from '@/features/reconciliation/components/reconciliation-report';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUser } from '@/lib/auth';

/** /staff/reconciliation: the daily reconciliation, for view-report over all courses (Administrators included). */
export function ReconciliationRoute() {
  useDocumentTitle(T.TITLE);
  const user = useUser();
  return (
    <>
      <h1 className="cd-heading-xl">{T.TITLE}</h1>
      {canViewReconciliation(user) ? (
        <>
          <p className="cd-body-l">{T.INTRO}</p>
          <ReconciliationReportScreen />
        </>
      ) : (
        <p className="cd-body">{T.FORBIDDEN}</p>
      )}
    </>
  );
}

export { ReconciliationRoute as Component };
