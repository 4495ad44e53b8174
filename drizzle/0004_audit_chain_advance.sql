-- Moves the audit chain's anchor for a batch that was built on a guessed head (src/server/audit/append.ts).
-- The batch's own rows are already inserted in the same statement. It first waits for the batch it was
-- built on: that batch holds the exclusive ticket (a transaction-level advisory lock) on the position
-- it ends at until it commits or rolls back; taking that ticket shared at session level and letting go
-- at once waits for it without holding anything. When the anchor is still behind that position, the
-- batch before may not have taken its ticket yet (sent first, started later): look again, for up to
-- ~50 ms. The anchor moves only when it is exactly where this batch was built. It never waits on the
-- anchor row: whoever holds it (a locked append, of this process or another) may be waiting for the ids
-- this batch has just inserted. Otherwise the statement fails (40001, or 55P03 when the row is locked)
-- and takes its rows with it; the writer then appends the batch again under the anchor's row lock.
CREATE OR REPLACE FUNCTION audit_chain_advance(
  p_after_id bigint, p_expected_mac text, p_last_id bigint, p_last_hash text, p_mac text, p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  head_id bigint;
  head_mac text;
BEGIN
  FOR attempt IN 1..25 LOOP
    PERFORM pg_advisory_lock_shared(1752523361, (p_after_id % 2147483647)::int);
    PERFORM pg_advisory_unlock_shared(1752523361, (p_after_id % 2147483647)::int);
    SELECT last_id, mac INTO head_id, head_mac FROM audit_chain_head WHERE id = 1;
    IF head_mac = p_expected_mac THEN
      PERFORM 1 FROM audit_chain_head WHERE id = 1 FOR UPDATE NOWAIT;
      UPDATE audit_chain_head SET last_id = p_last_id, last_hash = p_last_hash, mac = p_mac, updated_at = p_now
       WHERE id = 1 AND mac = p_expected_mac;
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
