/** Business constants and limits of spec section 9. */
export const LIMITS = {
  FILE_MAX_BYTES: 5_242_880,
  FILE_MAX_MB: 5,
  DOCUMENT_SLOTS: 5,
  GCSE2_DOCUMENT_SLOTS: 2,
  TEXT_MAX: 256,
  EMAIL_MAX: 256,
  PHONE_MIN: 4,
  PHONE_MAX: 32,
  POSTCODE_MIN: 5,
  POSTCODE_MAX: 8,
  NOTES_MAX: 2000,
  OUTBOUND_CALL_NOTE_MAX: 250,
  USERNAME_MAX: 16,
  PASSWORD_MAX: 256,
  UCAS_PERSONAL_ID_DIGITS: 10,
  DOB_MIN_YEAR: 1900,
  IB_MAX_SUBJECTS_PER_LEVEL: 3,
  ACCESS_HE_MAX_CREDITS: 45,
  SCIENCES_MIN_GCSES: 5,
  /** Tariff display: show the advertised points when advertised - accepted exceeds this. */
  TARIFF_DIFF_CUTOFF_PAGE: 24,
  TARIFF_DIFF_CUTOFF_RESULTS: 48,
  PAGE_SIZE_DEFAULT: 10,
  PAGE_SIZE_OPTIONS: [10, 25, 50, 100, 200],
  PAGE_SIZE_MAX: 200,
  COURSE_SEARCH_PAGE_SIZE_DEFAULT: 20,
  PAGE_NUMBERS_SHOWN: 5,
  STATUS_PING_INTERVAL_MS: 300_000,
  SCROLL_TOP_THRESHOLD_PX: 500,
} as const;

/** Texts fixed by the spec that do not belong to a single feature. */
export const INTAKE_YEAR = '2025/26';
export const SCRIPT_VERSION = '2023.0.3';
