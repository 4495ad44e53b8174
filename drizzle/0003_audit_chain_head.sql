CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"base_id" bigint NOT NULL,
	"base_hash" text NOT NULL,
	"legacy_last_id" bigint NOT NULL,
	"legacy_last_hash" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"mac" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);
