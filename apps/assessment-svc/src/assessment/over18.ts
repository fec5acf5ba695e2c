/**
 * OVER18 (spec section 3; domain.md "Submit buttons"): 1 when the applicant is 18 or older on the
 * course start date, 0 when under 18 on that date. Judged against COURSE_START_DATE only, never
 * today, so the same form always gives the same answer. Someone born on 29 February turns 18 on
 * 1 March in a non-leap year. A missing DOB (form not finished) counts as 18 or over.
 *
 * @param dob yyyy-mm-dd or undefined/''
 * @param courseStartDate yyyy-mm-dd
 */
export function over18(dob: string | undefined, courseStartDate: string): 0 | 1 {
  if (!dob) return 1;
  const eighteenth = `${String(Number(dob.slice(0, 4)) + 18).padStart(4, '0')}${dob.slice(4)}`;
  // Zero-padded ISO dates compare as strings; '2026-02-29' sorts after '2026-02-28', before '2026-03-01'.
  return eighteenth <= courseStartDate ? 1 : 0;
}
