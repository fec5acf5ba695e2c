CREATE TABLE "schools" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"school_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"ucas_code" text PRIMARY KEY NOT NULL,
	"course_code_override" text,
	"title" text NOT NULL,
	"qualification" text NOT NULL,
	"school_code" text NOT NULL,
	"dept_code" text NOT NULL,
	"campus_code" text NOT NULL,
	"campus_name" text NOT NULL,
	"tariff_advertised" integer NOT NULL,
	"tariff_accepted" integer NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"vacancies_external" integer DEFAULT 0 NOT NULL,
	"vacancies_internal" integer DEFAULT 0 NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"external_url" text,
	"intermediary" boolean DEFAULT true NOT NULL,
	"allow_second_year_entry" boolean DEFAULT false NOT NULL,
	"url" text,
	"notes" text,
	"consideration_text" text,
	"document_types" text DEFAULT '' NOT NULL,
	"extension_no" text,
	"feedback_telephone" text,
	"feedback_note" text,
	"course_start_date" date NOT NULL,
	"depart_number" text NOT NULL,
	"assessment_info" jsonb NOT NULL,
	CONSTRAINT "courses_course_code_override_unique" UNIQUE("course_code_override")
);
--> statement-breakpoint
CREATE TABLE "course_qualification_options" (
	"ucas_code" text NOT NULL,
	"qualification" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"group" text NOT NULL,
	"counts_towards_tariff" boolean DEFAULT true NOT NULL,
	"fields" jsonb NOT NULL,
	CONSTRAINT "course_qualification_options_ucas_code_qualification_pk" PRIMARY KEY("ucas_code","qualification")
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_school_code_schools_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."schools"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_code_schools_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."schools"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_dept_code_departments_code_fk" FOREIGN KEY ("dept_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_qualification_options" ADD CONSTRAINT "course_qualification_options_ucas_code_courses_ucas_code_fk" FOREIGN KEY ("ucas_code") REFERENCES "public"."courses"("ucas_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_title_idx" ON "courses" USING btree ("title");--> statement-breakpoint
CREATE INDEX "courses_school_idx" ON "courses" USING btree ("school_code");