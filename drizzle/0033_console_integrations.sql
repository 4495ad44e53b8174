ALTER TABLE "webhook_deliveries" ADD COLUMN "last_response_excerpt" text;--> statement-breakpoint
ALTER TABLE "audit_sinks" ADD COLUMN "checkpoint_key_generation" integer DEFAULT 1 NOT NULL;