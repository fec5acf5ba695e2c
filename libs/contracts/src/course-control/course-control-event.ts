import { z } from 'zod';
import { clearingPlacesSchema, offerAllowanceSchema } from '../rules/places-schemas';

/**
 * Payload of courses-svc's outbox row of kind 'course-control': a course's places settings after
 * a course-control change of CLEARING_PLACES or OFFER_ALLOWANCE (courses-svc owns them and writes
 * the change and this row in one transaction). applications-svc's places ledger takes the
 * settings once per event id, and only when CONTROL_VERSION is newer than the one it holds, so a
 * replayed or late event changes nothing (docs/domain/places.md).
 */
export const courseControlEventSchema = z.object({
  UCAS_CODE: z.string().min(1).max(32),
  CLEARING_PLACES: clearingPlacesSchema,
  OFFER_ALLOWANCE: offerAllowanceSchema,
  /** Every change of the settings adds 1 (courses-svc's control_version). */
  CONTROL_VERSION: z.number().int().positive(),
  /** Who changed them, and when (ISO 8601): the ledger's event to the course's history names them. */
  username: z.string(),
  at: z.string(),
  /**
   * The course as the wallboard's alerts name and scope it (its title, school and department): a
   * change that leaves no place raises its 'Full' alert. Absent from events written before they
   * were carried, which raise none.
   */
  COURSE_TITLE: z.string().optional(),
  SCHOOL: z.string().optional(),
  DEPT: z.string().optional(),
});
export type CourseControlEvent = z.infer<typeof courseControlEventSchema>;

/** A BullMQ job of the course-control queue: the outbox row's id (the event id) and payload. */
export const courseControlJobSchema = z.object({ outboxId: z.uuid(), payload: courseControlEventSchema });
