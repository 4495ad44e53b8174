-- Issue 43: audit_logs becomes a table partitioned by month of occurred_at, so that retention drops a month
-- that has expired whole instead of deleting its rows (src/server/audit/partitions.ts). No row is copied:
-- the table as it stands becomes the first partition, audit_logs_before_partitioning, which holds every
-- month up to the one this migration runs in (or the newest row's, if later), and a partitioned table
-- takes its name with the same columns in the same order. A node of the previous release goes on reading
-- and writing "audit_logs" as before (no foreign key or ON CONFLICT names the table), so this is an
-- expansion and the contract stays (docs/development.md, "Migrations"). The primary key (id) gives way
-- to (id, occurred_at): a partitioned table's keys must hold its partition key; a row's id stays
-- unique because a row commits only with its chain anchor's move (audit/chain-queries.ts). Building
-- that key and checking the partition's bound read the table once each while it is locked.
ALTER TABLE "audit_logs" RENAME TO "audit_logs_before_partitioning";--> statement-breakpoint
ALTER INDEX "audit_logs_type_idx" RENAME TO "audit_logs_before_partitioning_type_idx";--> statement-breakpoint
ALTER INDEX "audit_logs_severity_idx" RENAME TO "audit_logs_before_partitioning_severity_idx";--> statement-breakpoint
ALTER INDEX "audit_logs_user_idx" RENAME TO "audit_logs_before_partitioning_user_idx";--> statement-breakpoint
ALTER INDEX "audit_logs_source_idx" RENAME TO "audit_logs_before_partitioning_source_idx";--> statement-breakpoint
ALTER INDEX "audit_logs_occurred_id_idx" RENAME TO "audit_logs_before_partitioning_occurred_id_idx";--> statement-breakpoint
ALTER TABLE "audit_logs_before_partitioning" DROP CONSTRAINT "audit_logs_pkey";--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigint DEFAULT nextval('audit_logs_id_seq'::regclass) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"severity" text NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"ip_address" text,
	"user_agent" text,
	"source" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"request_id" text,
	CONSTRAINT "audit_logs_id_occurred_at_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
-- The sequence (drizzle's bigserial) belongs to the new table, so dropping the first partition keeps it.
ALTER SEQUENCE "audit_logs_id_seq" OWNED BY "audit_logs"."id";--> statement-breakpoint
CREATE INDEX "audit_logs_type_idx" ON "audit_logs" USING btree ("event_type","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_severity_idx" ON "audit_logs" USING btree ("severity","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_source_idx" ON "audit_logs" USING btree ("source","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_occurred_id_idx" ON "audit_logs" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The old table's indexes match these and are attached, not rebuilt; only the new key is built. Its upper
-- bound is the first of the month after now (UTC), or after the newest row if a clock ran ahead.
DO $$
DECLARE
  newest timestamptz := (SELECT max("occurred_at") FROM "audit_logs_before_partitioning");
  bound timestamptz :=
    (date_trunc('month', greatest(now(), coalesce(newest, now())) AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  EXECUTE format(
    'ALTER TABLE "audit_logs" ATTACH PARTITION "audit_logs_before_partitioning" FOR VALUES FROM (MINVALUE) TO (%L)', bound);
END
$$;--> statement-breakpoint
-- A row of a month without its partition (audit/partitions.ts creates them ahead) lands here: an insert never fails.
CREATE TABLE "audit_logs_default" PARTITION OF "audit_logs" DEFAULT;
