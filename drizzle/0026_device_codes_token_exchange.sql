CREATE TABLE "oauth_device_codes" (
	"device_code_hash" text PRIMARY KEY NOT NULL,
	"user_code_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"resource" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"browser_session_id" uuid,
	"auth_time" timestamp with time zone,
	"amr" text[] DEFAULT '{}' NOT NULL,
	"interval_s" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"issued_session_id" uuid,
	CONSTRAINT "oauth_device_codes_user_code_hash_unique" UNIQUE("user_code_hash")
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "token_exchange_targets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_device_codes" ADD CONSTRAINT "oauth_device_codes_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_device_codes_expires_idx" ON "oauth_device_codes" USING btree ("expires_at");