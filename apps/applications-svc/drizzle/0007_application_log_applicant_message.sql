ALTER TABLE "applications" DROP CONSTRAINT "applications_status";--> statement-breakpoint
ALTER TABLE "application_log" ADD COLUMN "applicant_message" text;--> statement-breakpoint
-- Rows meant for the applicant: the create and each status change (never to V).
UPDATE "application_log" SET "applicant_message" = "message" WHERE "message" LIKE 'Application created with status %';--> statement-breakpoint
UPDATE "application_log" SET "applicant_message" = substring("message" from '^Status changed from [^.]*\.')
  WHERE "message" LIKE 'Status changed from %' AND "status" IS DISTINCT FROM 'V';--> statement-breakpoint
-- V is never stored (domain.md "Submit buttons"): an application saved as V gets
-- back the last status its history shows before it (S when there is none).
UPDATE "applications" a SET "status" = coalesce((
    SELECT l."status" FROM "application_log" l
    WHERE l."application_id" = a."application_id" AND l."status" IS NOT NULL AND l."status" <> 'V'
    ORDER BY l."id" DESC LIMIT 1), 'S')
  WHERE a."status" = 'V';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status" CHECK ("applications"."status" in ('O', 'I', 'S', 'R', 'X', 'P', 'D', 'W'));
