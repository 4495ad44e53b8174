CREATE TABLE "federation_assertion_ids" (
	"provider_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "federation_assertion_ids_pkey" PRIMARY KEY("provider_id","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "saml_certificates" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "federation_assertion_ids" ADD CONSTRAINT "federation_assertion_ids_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_assertion_ids_expires_idx" ON "federation_assertion_ids" USING btree ("expires_at");