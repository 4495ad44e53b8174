CREATE TABLE "ssf_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"audience" text NOT NULL,
	"events_requested" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"all_subjects" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ssf_streams_endpoint_id_unique" UNIQUE("endpoint_id"),
	CONSTRAINT "ssf_streams_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "ssf_subjects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stream_id" uuid NOT NULL,
	"key" text NOT NULL,
	"subject" jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "channel" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ssf_streams" ADD CONSTRAINT "ssf_streams_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssf_subjects" ADD CONSTRAINT "ssf_subjects_stream_id_ssf_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."ssf_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ssf_subjects_stream_key_idx" ON "ssf_subjects" USING btree ("stream_id","key");--> statement-breakpoint
CREATE INDEX "ssf_subjects_user_idx" ON "ssf_subjects" USING btree ("user_id");