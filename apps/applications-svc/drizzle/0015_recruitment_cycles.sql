CREATE TABLE "recruitment_cycle_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruitment_cycle_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text NOT NULL,
	"from_cycle" text NOT NULL,
	"to_cycle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_cycles" (
	"name" text PRIMARY KEY NOT NULL,
	"clearing_opens" date NOT NULL,
	"clearing_closes" date NOT NULL,
	"results_day" date NOT NULL,
	"course_start_date" date NOT NULL,
	"tariff_version" text NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_cycles_window" CHECK ("recruitment_cycles"."clearing_opens" <= "recruitment_cycles"."clearing_closes")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_cycles_one_current" ON "recruitment_cycles" USING btree ("current") WHERE "recruitment_cycles"."current";