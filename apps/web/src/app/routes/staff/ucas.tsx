import { canManageClearing, UCAS_TEXTS } from '@clearing-desk/contracts';
import { Notice } from '@clearing-desk/ui';
import { UcasReconciliation } from '@/features/ucas-reconciliation/components/ucas-reconciliation';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUser } from '@/lib/auth';

/** /staff/ucas: UCAS reconciliation for Administrators (docs/domain/ucas-reconciliation.md); others are told who may use it. */
export function UcasRoute() {
  const user = useUser();
  useDocumentTitle(UCAS_TEXTS.PAGE_TITLE);
  return (
    <>
      <h1 className="cd-heading-l">{UCAS_TEXTS.PAGE_TITLE}</h1>
      {canManageClearing(user) ? (
        <UcasReconciliation />
      ) : (
        <Notice variant="error">
          <p className="cd-body">{UCAS_TEXTS.FORBIDDEN}</p>
        </Notice>
      )}
    </>
  );
}

export { UcasRoute as Component };
