CREATE TABLE "reconciliation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"cycle" text NOT NULL,
	"report" jsonb NOT NULL,
	"differences" integer NOT NULL,
	"emailed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_reports_day_idx" ON "reconciliation_reports" USING btree ("day","created_at");