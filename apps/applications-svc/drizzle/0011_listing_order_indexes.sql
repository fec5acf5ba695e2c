DROP INDEX "applications_status_idx";--> statement-breakpoint
DROP INDEX "applications_status_created_by_idx";--> statement-breakpoint
DROP INDEX "applications_outbound_call_idx";--> statement-breakpoint
DROP INDEX "applications_visa_status_idx";--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","application_id");--> statement-breakpoint
CREATE INDEX "applications_status_created_by_idx" ON "applications" USING btree ("status","created_by","application_id");--> statement-breakpoint
CREATE INDEX "applications_outbound_call_idx" ON "applications" USING btree ("application_id") WHERE "applications"."outbound_call_flag" = 1;--> statement-breakpoint
CREATE INDEX "applications_visa_status_idx" ON "applications" USING btree ("application_id") WHERE "applications"."visa_status" is not null;