ALTER TABLE "ucas_unmatched_rows" ADD COLUMN "dealt_with_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ucas_unmatched_rows" ADD COLUMN "dealt_with_by" text;--> statement-breakpoint
ALTER TABLE "ucas_unmatched_rows" ADD COLUMN "dealt_with_note" text;