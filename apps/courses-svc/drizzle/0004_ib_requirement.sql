-- Courses already stored keep no IB requirement (null: priced by components, as before) until
-- course control sets one: a requirement is course data and is never guessed from the tariff here.
ALTER TABLE "courses" ADD COLUMN "ib_advertised" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "ib_accepted" integer;
