CREATE TABLE "scenarios" (
	"scenario_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"name1" text NOT NULL,
	"name2" text NOT NULL,
	"dob" date NOT NULL,
	"gender" text NOT NULL,
	"feedback_telephone" text,
	"course_qualification" text NOT NULL,
	"course_title" text NOT NULL,
	"ucas_code" text NOT NULL,
	"course_code_override" text,
	"dept" text NOT NULL,
	"dept_name" text NOT NULL,
	"second_year_entry" text NOT NULL,
	"ucas_personal_id" text DEFAULT '' NOT NULL,
	"over18" smallint NOT NULL,
	"eea" smallint NOT NULL,
	"nationality" text NOT NULL,
	"email" text NOT NULL,
	"tel1" text NOT NULL,
	"stage_direction" text NOT NULL,
	"additional_instruction" text DEFAULT '' NOT NULL,
	"course_start_date" date NOT NULL,
	CONSTRAINT "scenarios_hash_unique" UNIQUE("hash"),
	CONSTRAINT "scenarios_gender" CHECK ("scenarios"."gender" in ('M', 'F')),
	CONSTRAINT "scenarios_second_year_entry" CHECK ("scenarios"."second_year_entry" in ('0', '1')),
	CONSTRAINT "scenarios_over18" CHECK ("scenarios"."over18" in (0, 1)),
	CONSTRAINT "scenarios_eea" CHECK ("scenarios"."eea" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "scenario_ib_subjects" (
	"qualification_id" integer NOT NULL,
	"level" text NOT NULL,
	"sequence" smallint NOT NULL,
	"subject" text,
	"grade" text,
	"year" text,
	CONSTRAINT "scenario_ib_subjects_slot_unique" UNIQUE("qualification_id","level","sequence"),
	CONSTRAINT "scenario_ib_subjects_level" CHECK ("scenario_ib_subjects"."level" in ('HL', 'SL')),
	CONSTRAINT "scenario_ib_subjects_sequence" CHECK ("scenario_ib_subjects"."sequence" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "scenario_qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" text NOT NULL,
	"grp" text NOT NULL,
	"position" smallint NOT NULL,
	"qualification" text NOT NULL,
	"subject" text,
	"grade" text,
	"year" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "scenario_qualifications_position_unique" UNIQUE("scenario_id","grp","position"),
	CONSTRAINT "scenario_qualifications_grp" CHECK ("scenario_qualifications"."grp" in ('GCSE_QUALIFICATIONS', 'QUALIFICATIONS'))
);
--> statement-breakpoint
CREATE TABLE "scenario_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" text NOT NULL,
	"position" smallint NOT NULL,
	"status" text NOT NULL,
	"question" text NOT NULL,
	CONSTRAINT "scenario_questions_status" CHECK ("scenario_questions"."status" in ('G', 'A', 'R'))
);
--> statement-breakpoint
CREATE TABLE "scenario_completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"scenario_id" text NOT NULL,
	"status" text,
	"expected_outcome" boolean,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenario_completions_user_scenario_unique" UNIQUE("username","scenario_id")
);
--> statement-breakpoint
ALTER TABLE "scenario_ib_subjects" ADD CONSTRAINT "scenario_ib_subjects_qualification_id_scenario_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."scenario_qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_qualifications" ADD CONSTRAINT "scenario_qualifications_scenario_id_scenarios_scenario_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("scenario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_questions" ADD CONSTRAINT "scenario_questions_scenario_id_scenarios_scenario_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("scenario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_completions" ADD CONSTRAINT "scenario_completions_scenario_id_scenarios_scenario_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("scenario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenarios_filter_idx" ON "scenarios" USING btree ("dept","ucas_code","gender");