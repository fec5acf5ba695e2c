CREATE SEQUENCE "public"."student_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 2600001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."application_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "students" (
	"student_id" text PRIMARY KEY DEFAULT nextval('student_id_seq')::text NOT NULL,
	"name1" text NOT NULL,
	"name2" text NOT NULL,
	"email" text NOT NULL,
	"email_normalised" text NOT NULL,
	"ucas_personal_id" text,
	"dob" date NOT NULL,
	"nationality" text NOT NULL,
	"tel1" text NOT NULL,
	"tel2" text,
	"postcode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_email_normalised_unique" UNIQUE("email_normalised")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"application_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_application_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" integer DEFAULT nextval('application_reference_seq') NOT NULL,
	"hash" text NOT NULL,
	"submission_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"ucas_code" text NOT NULL,
	"depart_number" text NOT NULL,
	"status" text NOT NULL,
	"sub_status" text,
	"rejection_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommended_courses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form" jsonb NOT NULL,
	"assessment" jsonb NOT NULL,
	"over18" smallint NOT NULL,
	"second_year_entry" smallint NOT NULL,
	"outbound_call_flag" smallint DEFAULT 0 NOT NULL,
	"outbound_call_remark" text,
	"email_normalised" text NOT NULL,
	"ucas_personal_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_reference_unique" UNIQUE("reference"),
	CONSTRAINT "applications_hash_unique" UNIQUE("hash"),
	CONSTRAINT "applications_submission_id_unique" UNIQUE("submission_id"),
	CONSTRAINT "applications_course_email_unique" UNIQUE("ucas_code","email_normalised"),
	CONSTRAINT "applications_status" CHECK ("applications"."status" in ('O', 'I', 'S', 'R', 'X', 'P', 'V', 'D', 'W')),
	CONSTRAINT "applications_sub_status" CHECK ("applications"."sub_status" in ('PI', 'FI', 'OR', 'AO', 'AR', 'AX')),
	CONSTRAINT "applications_over18" CHECK ("applications"."over18" in (0, 1)),
	CONSTRAINT "applications_second_year_entry" CHECK ("applications"."second_year_entry" in (0, 1)),
	CONSTRAINT "applications_outbound_call_flag" CHECK ("applications"."outbound_call_flag" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "application_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"user" text NOT NULL,
	"status" text,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_log" ADD CONSTRAINT "application_log_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_course_ucas_personal_id_unique" ON "applications" USING btree ("ucas_code","ucas_personal_id") WHERE "applications"."ucas_personal_id" is not null;--> statement-breakpoint
CREATE INDEX "applications_student_idx" ON "applications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "application_log_application_idx" ON "application_log" USING btree ("application_id","id");