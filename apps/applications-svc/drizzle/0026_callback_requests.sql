ALTER TABLE "callbacks" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "caller_name" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "caller_tel" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "caller_email" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "caller_email_normalised" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "ucas_code" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "school" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "dept" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "callbacks_token_idx" ON "callbacks" USING btree ("token");--> statement-breakpoint
CREATE INDEX "callbacks_caller_email_idx" ON "callbacks" USING btree ("caller_email_normalised");--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_caller" CHECK ("callbacks"."application_id" is not null or ("callbacks"."caller_name" is not null and "callbacks"."caller_tel" is not null and "callbacks"."caller_email" is not null
        and "callbacks"."caller_email_normalised" is not null and "callbacks"."ucas_code" is not null and "callbacks"."school" is not null and "callbacks"."dept" is not null and "callbacks"."token" is not null));