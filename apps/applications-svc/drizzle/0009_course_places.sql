-- The places ledger. No row is seeded here: this service does not know a course's
-- VACANCIES_INTERNAL (courses-svc's), so each course's row is created at first sight, when the
-- gateway passes the course's VACANCIES_INTERNAL with a submit, a status change or course control:
-- places = VACANCIES_INTERNAL + the offers that count then, allowance 1.00 (places-ledger.ts
-- `ensure`), which leaves places left = VACANCIES_INTERNAL, so nothing closes on upgrade.
CREATE TABLE "course_places" (
	"ucas_code" text PRIMARY KEY NOT NULL,
	"clearing_places" integer NOT NULL,
	"offer_allowance_hundredths" integer DEFAULT 100 NOT NULL,
	"offers" integer DEFAULT 0 NOT NULL,
	"guard_closed" boolean DEFAULT false NOT NULL,
	"last_guard_close" timestamp with time zone,
	"last_guard_reopen" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_places_places" CHECK ("course_places"."clearing_places" >= 0),
	CONSTRAINT "course_places_allowance" CHECK ("course_places"."offer_allowance_hundredths" between 0 and 999),
	CONSTRAINT "course_places_offers" CHECK ("course_places"."offers" >= 0)
);
