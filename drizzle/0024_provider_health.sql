ALTER TABLE "identity_providers" ADD COLUMN "last_ok_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "last_error_at" timestamp with time zone;