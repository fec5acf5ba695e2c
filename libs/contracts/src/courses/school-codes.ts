// Without zod: read by the rules of the web app's first screen (course-state.ts) without the schemas (ADR 0003).

/** School codes the rules single out (spec sections 4 and 5, domain.md "Traffic light"). */
export const SCHOOL_CODES = {
  HEALTH_SCIENCES: 'SHS',
  SCIENCES: 'SCI',
} as const;
