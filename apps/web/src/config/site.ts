import { INTAKE_YEAR } from '@clearing-desk/contracts';

/** Web-only texts used across pages (shared texts come from @clearing-desk/contracts). */
export const SITE_NAME = 'Clearing Desk';
export const CLEARING_LABEL = `Clearing ${INTAKE_YEAR}`;
export const MAIN_CONTENT_ID = 'main-content';
