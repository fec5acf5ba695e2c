/** Web-only texts used across pages (shared texts come from @clearing-desk/contracts). */
export const SITE_NAME = 'Clearing Desk';
// 'Clearing 2025/26' is the stored cycle's: useClearingLabel (lib/clearing-status), never a constant.
export const MAIN_CONTENT_ID = 'main-content';
