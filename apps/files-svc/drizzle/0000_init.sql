CREATE TABLE "files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"file_token" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"document_type" text NOT NULL,
	"status" text DEFAULT 'quarantined' NOT NULL,
	"signature" text,
	"owner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "files_file_token_unique" UNIQUE("file_token"),
	CONSTRAINT "files_status_check" CHECK (status in ('quarantined', 'clean', 'infected')),
	CONSTRAINT "files_document_type_check" CHECK (document_type in ('ALEVELS', 'ENGLISHTEST', 'GCSE2', 'GCSE5', 'OTHER')),
	CONSTRAINT "files_size_check" CHECK ("files"."file_size" > 0),
	CONSTRAINT "files_claimed_clean_check" CHECK ("files"."owner" is null or "files"."status" = 'clean')
);
--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "files_unclaimed_idx" ON "files" USING btree ("created_at") WHERE "files"."owner" is null;