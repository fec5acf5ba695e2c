CREATE TABLE "clearing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"state" integer NOT NULL,
	"closing_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clearing_settings_single_row" CHECK ("clearing_settings"."id" = 1),
	CONSTRAINT "clearing_settings_state" CHECK ("clearing_settings"."state" in (0, 1))
);
