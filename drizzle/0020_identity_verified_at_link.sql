ALTER TABLE "federated_identities" ADD COLUMN "account_verified_at_link" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Identities already linked to an account whose address nobody has proved were linked while it was unverified.
UPDATE "federated_identities" SET "account_verified_at_link" = false FROM "platform_users" WHERE "platform_users"."id" = "federated_identities"."user_id" AND "platform_users"."email_verified_at" IS NULL;
