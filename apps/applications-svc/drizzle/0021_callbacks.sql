CREATE TABLE "callback_capacity" (
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"advisers" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_capacity_pk" PRIMARY KEY("day","hour"),
	CONSTRAINT "callback_capacity_hour" CHECK ("callback_capacity"."hour" between 0 and 23),
	CONSTRAINT "callback_capacity_advisers" CHECK ("callback_capacity"."advisers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "callbacks_status" CHECK ("callbacks"."status" in ('booked', 'cancelled', 'done'))
);
--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "callbacks_one_live_idx" ON "callbacks" USING btree ("application_id") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "callbacks_slot_idx" ON "callbacks" USING btree ("slot_start","status");