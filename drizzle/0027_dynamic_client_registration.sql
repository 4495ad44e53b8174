CREATE TABLE "oauth_initial_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_initial_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "registration" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "registered_via" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "initial_access_token_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "registration_access_token_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "software_id" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "software_version" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "contacts" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "metadata_document_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_initial_access_tokens" ADD CONSTRAINT "oauth_initial_access_tokens_created_by_platform_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."platform_users"("id") ON DELETE set null ON UPDATE no action;