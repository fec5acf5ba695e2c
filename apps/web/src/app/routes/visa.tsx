import { VISA_MOVED } from '@clearing-desk/contracts';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /visa/:studentId/:ucasCode (staff): visa assessment has moved to a separate admin portal, so the
 * page shows only the sentence of spec sections 1 and 2.
 */
export function VisaRoute() {
  useDocumentTitle(VISA_MOVED);
  return (
    <h1 className="cd-heading-l" tabIndex={-1}>
      {VISA_MOVED}
    </h1>
  );
}

export { VisaRoute as Component };
