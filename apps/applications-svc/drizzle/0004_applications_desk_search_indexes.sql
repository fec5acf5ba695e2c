ALTER TABLE "applications" ADD COLUMN "name2_folded" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_names_folded_idx" ON "applications" USING btree ("names_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_name2_folded_idx" ON "applications" USING btree ("name2_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_email_idx" ON "applications" USING btree ("email_normalised");--> statement-breakpoint
CREATE INDEX "applications_ucas_personal_id_idx" ON "applications" USING btree ("ucas_personal_id");--> statement-breakpoint
CREATE INDEX "applications_public_reference_idx" ON "applications" USING btree (("depart_number" || "reference"::text));--> statement-breakpoint
CREATE INDEX "applications_outbound_call_idx" ON "applications" USING btree ("outbound_call_flag") WHERE "applications"."outbound_call_flag" = 1;--> statement-breakpoint
CREATE INDEX "applications_visa_status_idx" ON "applications" USING btree ("visa_status") WHERE "applications"."visa_status" is not null;--> statement-breakpoint
-- Backfill for rows stored before this migration: lower-cased only (accents are folded in Node for new writes).
UPDATE "applications" SET "name2_folded" = lower(coalesce("form"->>'NAME2', ''));
