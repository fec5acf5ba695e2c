/**
 * The telephone a course gives the public (emails, scripts, decision facts, the suspended-course
 * page): its FEEDBACK_TELEPHONE when set, else the Clearing team's (`clearingTeamTelephone`, the
 * configured number: clearingTeamTelephoneSchema), so no surface is left without a number.
 */
export const courseTelephone = (course: { FEEDBACK_TELEPHONE?: string | null }, clearingTeamTelephone: string): string =>
  course.FEEDBACK_TELEPHONE?.trim() || clearingTeamTelephone;
