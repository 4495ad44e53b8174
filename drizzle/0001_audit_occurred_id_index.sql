DROP INDEX "audit_logs_occurred_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_occurred_id_idx" ON "audit_logs" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);