CREATE TABLE "decision_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decision_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"outcome" text,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decision_rules" jsonb;--> statement-breakpoint
ALTER TABLE "decision_reviews" ADD CONSTRAINT "decision_reviews_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_reviews_application_idx" ON "decision_reviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "decision_reviews_requested_idx" ON "decision_reviews" USING btree ("requested_at");