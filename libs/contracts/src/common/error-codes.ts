// Without zod: read by rules the web app's first screen runs (rules/course-open.ts) without the schemas (ADR 0003).

/** Message codes that are part of the contract (spec section 8). */
export const ERROR_CODES = {
  COURSE_CLOSED: 'COURSE_CLOSED',
  COURSE_SUSPENDED: 'COURSE_SUSPENDED',
  FILE_VIRUS: 'file_virus',
  FORM_VALIDATION: '_FORM_VALIDATION',
} as const;
