CREATE TABLE "ucas_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"matched" integer NOT NULL,
	"already_added" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"lapsing" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ucas_unmatched_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ucas_unmatched_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"ucas_personal_id" text NOT NULL,
	"course_code" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "ucas_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "ucas_import_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "ucas_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ucas_unmatched_rows" ADD CONSTRAINT "ucas_unmatched_rows_import_id_ucas_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."ucas_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ucas_unmatched_rows_personal_id_idx" ON "ucas_unmatched_rows" USING btree ("ucas_personal_id");--> statement-breakpoint
CREATE INDEX "applications_offers_not_in_ucas_idx" ON "applications" USING btree ("application_id") WHERE "applications"."status" = 'O' and "applications"."ucas_added_at" is null;