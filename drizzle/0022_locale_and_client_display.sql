ALTER TABLE "platform_users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "logo_uri" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "client_uri" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "policy_uri" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "tos_uri" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "brand_color" text;