CREATE TABLE "federated_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email_at_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"issuer" text,
	"client_id" text,
	"client_secret_enc" text,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"email_domains" text[] DEFAULT '{}' NOT NULL,
	"trusts_email_verified" boolean DEFAULT false NOT NULL,
	"trusts_mfa" boolean DEFAULT false NOT NULL,
	"attribute_mapping" jsonb NOT NULL,
	"may_create_accounts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federated_identities" ADD CONSTRAINT "federated_identities_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_identities" ADD CONSTRAINT "federated_identities_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_provider_subject_key" ON "federated_identities" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE INDEX "federated_identities_user_idx" ON "federated_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_providers_slug_key" ON "identity_providers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "identity_providers_email_domains_idx" ON "identity_providers" USING gin ("email_domains");