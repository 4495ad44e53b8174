CREATE TABLE "oauth_pushed_requests" (
	"request_uri_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"first_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_used_jtis" (
	"jti_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD COLUMN "dpop_jkt" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "require_pushed_authorization_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "dpop_bound_access_tokens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "fapi2" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "jwks" jsonb;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "jwks_uri" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "request_object_signing_alg" text;--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD COLUMN "dpop_jkt" text;--> statement-breakpoint
CREATE INDEX "oauth_pushed_requests_expires_idx" ON "oauth_pushed_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_used_jtis_expires_idx" ON "oauth_used_jtis" USING btree ("expires_at");