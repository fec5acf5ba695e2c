CREATE TABLE "course_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ucas_code" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_history" ADD CONSTRAINT "course_history_ucas_code_courses_ucas_code_fk" FOREIGN KEY ("ucas_code") REFERENCES "public"."courses"("ucas_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_history_course_idx" ON "course_history" USING btree ("ucas_code","id");