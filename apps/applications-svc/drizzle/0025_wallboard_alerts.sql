CREATE TABLE "wallboard_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle" text NOT NULL,
	"ucas_code" text NOT NULL,
	"threshold" text NOT NULL,
	"minutes" integer,
	"course_title" text NOT NULL,
	"school" text NOT NULL,
	"dept" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallboard_alerts_standing_unique" ON "wallboard_alerts" USING btree ("cycle","ucas_code","threshold") WHERE "wallboard_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "wallboard_alerts_raised_idx" ON "wallboard_alerts" USING btree ("raised_at");