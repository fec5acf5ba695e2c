CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"outbox_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"application_id" text NOT NULL,
	"student_id" text NOT NULL,
	"ucas_code" text NOT NULL,
	"status" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"message_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"smtp_response" text,
	"decided_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"resend_of" uuid,
	"requested_by" text,
	CONSTRAINT "emails_outbox_id_unique" UNIQUE("outbox_id"),
	CONSTRAINT "emails_state" CHECK ("emails"."state" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "emails_application_idx" ON "emails" USING btree ("application_id","queued_at");--> statement-breakpoint
CREATE INDEX "emails_ucas_code_state_idx" ON "emails" USING btree ("ucas_code","state");