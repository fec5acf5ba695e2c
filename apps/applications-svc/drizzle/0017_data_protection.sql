CREATE TABLE "erasures" (
	"ticket" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text NOT NULL,
	"reason" text NOT NULL,
	"applications" integer NOT NULL,
	"application_ids" jsonb NOT NULL,
	"submission_ids" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "applications_retention_idx" ON "applications" USING btree ("status","updated_at") WHERE "applications"."anonymised_at" is null;