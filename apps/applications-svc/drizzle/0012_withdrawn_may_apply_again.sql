ALTER TABLE "applications" DROP CONSTRAINT "applications_course_email_unique";--> statement-breakpoint
DROP INDEX "applications_course_ucas_personal_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "applications_course_email_unique" ON "applications" USING btree ("ucas_code","email_normalised") WHERE "applications"."status" <> 'W';--> statement-breakpoint
CREATE UNIQUE INDEX "applications_course_ucas_personal_id_unique" ON "applications" USING btree ("ucas_code","ucas_personal_id") WHERE "applications"."ucas_personal_id" is not null and "applications"."status" <> 'W';