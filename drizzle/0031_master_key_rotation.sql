CREATE TABLE "master_key_lookup" (
	"id" smallint PRIMARY KEY NOT NULL,
	"sealed_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_key_rotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_key_id" text NOT NULL,
	"to_key_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"approved_by" uuid,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resealed" integer DEFAULT 0 NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"retire_after" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "master_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "master_key_rotations_one_open" ON "master_key_rotations" USING btree ("status") WHERE status <> 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "master_keys_one_current" ON "master_keys" USING btree ("status") WHERE status = 'current';