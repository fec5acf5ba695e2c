CREATE TABLE "consumed_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_places" ADD COLUMN "control_version" integer DEFAULT 0 NOT NULL;