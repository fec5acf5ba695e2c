CREATE TABLE "queue_claims" (
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "queue_claims_pk" PRIMARY KEY("application_id","kind")
);
--> statement-breakpoint
ALTER TABLE "queue_claims" ADD CONSTRAINT "queue_claims_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_claims_username_idx" ON "queue_claims" USING btree ("username","expires_at");