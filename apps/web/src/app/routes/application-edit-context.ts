import type { DeskApplicationResponse } from '@clearing-desk/contracts';
import { useOutletContext } from 'react-router-dom';

/** What the /applications/:studentId/:ucasCode wrapper hands its step pages once the application has loaded. */
export type ApplicationEditContext = {
  detail: DeskApplicationResponse;
  studentId: string;
  ucasCode: string;
  /** The listing (with its filters) that 'Back to application listing' returns to. */
  listingHref: string;
  /** The application was stored just before this screen opened (a phone application): the 'Saved' confirmation shows. */
  savedOnArrival: boolean;
  /** Why saving is blocked just now (another adviser has it open: presence), or null. */
  saveBlockedReason: string | null;
  /** An outcome was recorded on this screen (a call logged): the adviser's hold on it ends. */
  onOutcome: () => void;
};

/** Location state of a navigation to the edit screen right after the application was stored. */
export type SavedLocationState = { saved: true };

export const useApplicationEditContext = () => useOutletContext<ApplicationEditContext>();
