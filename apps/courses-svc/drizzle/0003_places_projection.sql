ALTER TABLE "courses" ADD COLUMN "clearing_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "offer_allowance_hundredths" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "places_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_history" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "course_history" ADD CONSTRAINT "course_history_event_unique" UNIQUE("event_id");--> statement-breakpoint
-- Until applications-svc's ledger first sees a course (and sends its places) the places
-- shown are the internal vacancies: the ledger starts from them plus the offers already made.
UPDATE "courses" SET "clearing_places" = "vacancies_internal";
