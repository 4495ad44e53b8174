CREATE TABLE "audit_writers" (
	"chain_id" smallint PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"node" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_chain_head" DROP CONSTRAINT "audit_chain_head_single_row";--> statement-breakpoint
DROP INDEX "audit_logs_type_idx";--> statement-breakpoint
DROP INDEX "audit_logs_severity_idx";--> statement-breakpoint
DROP INDEX "audit_logs_user_idx";--> statement-breakpoint
DROP INDEX "audit_logs_source_idx";--> statement-breakpoint
ALTER TABLE "audit_chain_head" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_sinks" ADD COLUMN "chain_cursors" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_type_idx" ON "audit_logs" USING btree ("event_type","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_severity_idx" ON "audit_logs" USING btree ("severity","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_source_idx" ON "audit_logs" USING btree ("source","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_chain_head" ADD CONSTRAINT "audit_chain_head_chain_id" CHECK ("audit_chain_head"."id" >= 0 and "audit_chain_head"."id" < 8192);--> statement-breakpoint
-- Issue 43: the one chain there was becomes chain 0 (its anchor's MAC does not cover the row's id, so it stands).
UPDATE "audit_chain_head" SET "id" = 0 WHERE "id" = 1;--> statement-breakpoint
-- The single-chain advance (migration 0004) named anchor 1: an older node must not move chain 1 with it.
DROP FUNCTION IF EXISTS audit_chain_advance(bigint, text, bigint, text, text, timestamptz);--> statement-breakpoint
-- Moves chain p_chain's anchor for a batch built on a guessed head (src/server/audit/append.ts); as migration
-- 0004's function did for the one chain. Each chain has its own ticket class (1752523361 + chain), so
-- batches of different chains never wait for each other; the batch's own rows are already inserted in the
-- same statement. It never waits on the anchor row; otherwise the statement fails (40001, or 55P03 when the
-- row is locked) and takes its rows with it, and the writer appends the batch again under the row lock.
CREATE OR REPLACE FUNCTION audit_chain_advance(
  p_chain smallint, p_after_id bigint, p_expected_mac text, p_last_id bigint, p_last_hash text, p_mac text,
  p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  head_id bigint;
  head_mac text;
BEGIN
  FOR attempt IN 1..25 LOOP
    PERFORM pg_advisory_lock_shared(1752523361 + p_chain, (p_after_id % 2147483647)::int);
    PERFORM pg_advisory_unlock_shared(1752523361 + p_chain, (p_after_id % 2147483647)::int);
    SELECT last_id, mac INTO head_id, head_mac FROM audit_chain_head WHERE id = p_chain;
    IF head_mac = p_expected_mac THEN
      PERFORM 1 FROM audit_chain_head WHERE id = p_chain FOR UPDATE NOWAIT;
      UPDATE audit_chain_head SET last_id = p_last_id, last_hash = p_last_hash, mac = p_mac, updated_at = p_now
       WHERE id = p_chain AND mac = p_expected_mac;
      IF FOUND THEN
        RETURN true;
      END IF;
      EXIT;
    END IF;
    EXIT WHEN head_id IS NULL OR head_id >= p_after_id;
    PERFORM pg_sleep(0.002);
  END LOOP;
  RAISE EXCEPTION 'audit chain anchor moved' USING ERRCODE = 'serialization_failure';
END
$$;
--> statement-breakpoint
-- Chain 0 is free to claim (audit/writers.ts): the first node to start after the upgrade goes on with it.
INSERT INTO "audit_writers" ("chain_id", "owner", "node", "lease_until", "claimed_at")
SELECT 0, '', 'before issue 43', '1970-01-01T00:00:00Z', now() FROM "audit_chain_head" WHERE "id" = 0;
--> statement-breakpoint
-- A contraction (docs/development.md, "Migrations"): the single-chain function is gone and anchor 1 is now chain 1's, so a
-- node of an earlier release (33 migrations are this one's level) must not start against this database (db/schema-contract.ts).
INSERT INTO "hub_settings" ("key", "value") VALUES ('schema_contract', '{"min_level": 33}')
  ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updated_at" = now();
