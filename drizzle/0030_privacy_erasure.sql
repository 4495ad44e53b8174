CREATE TABLE "audit_subject_keys" (
	"user_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"sealed_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_subject_keys_user_id_key_id_pk" PRIMARY KEY("user_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"requested_by" uuid,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("due_at");