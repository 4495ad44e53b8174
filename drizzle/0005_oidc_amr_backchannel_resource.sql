ALTER TABLE "auth_sessions" ADD COLUMN "amr" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "browser_session_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD COLUMN "amr" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
CREATE INDEX "auth_sessions_browser_session_idx" ON "auth_sessions" USING btree ("browser_session_id");