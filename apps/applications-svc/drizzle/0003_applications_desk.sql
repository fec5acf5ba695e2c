ALTER TABLE "students" ADD COLUMN "name1_folded" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "name2_folded" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "school" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "dept" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "course_code_override" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "created_by" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "names_folded" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visa" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visa_status" text;--> statement-breakpoint
CREATE INDEX "applications_school_dept_idx" ON "applications" USING btree ("school","dept");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
-- Backfill for rows stored before this migration: lower-cased only (accents are folded in Node for new writes).
UPDATE "applications" SET "names_folded" = lower(coalesce("form"->>'NAME1', '') || ' ' || coalesce("form"->>'NAME2', ''));--> statement-breakpoint
UPDATE "students" SET "name1_folded" = lower("name1"), "name2_folded" = lower("name2");--> statement-breakpoint
UPDATE "applications" a SET "created_by" = l."user" FROM (SELECT DISTINCT ON ("application_id") "application_id", "user" FROM "application_log" ORDER BY "application_id", "id") l WHERE l."application_id" = a."application_id";
