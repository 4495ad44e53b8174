ALTER TABLE "platform_users" ADD COLUMN "password_change" text;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD COLUMN "act" jsonb;--> statement-breakpoint
ALTER TABLE "admin_action_approvals" ADD COLUMN "target_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_action_approvals" ADD CONSTRAINT "admin_action_approvals_target_user_id_platform_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;