import type { AdminApplicationResponse } from '@clearing-desk/contracts';
import { useOutletContext } from 'react-router-dom';

/** What the /applications/:studentId/:ucasCode wrapper hands its step pages once the application has loaded. */
export type ApplicationEditContext = {
  detail: AdminApplicationResponse;
  studentId: string;
  ucasCode: string;
  /** The listing (with its filters) that 'Back to application listing' returns to. */
  listingHref: string;
};

export const useApplicationEditContext = () => useOutletContext<ApplicationEditContext>();
