-- A write that must have happened for its unit of work to commit (src/server/db/writes.ts,
-- `requireOne`): the statement that carries it calls this with the number of rows the write
-- returned. Anything but exactly one fails the whole statement with SQLSTATE HU001, a code of
-- the hub's own, so that no other error (a real division by zero, say) can be taken for it.
CREATE OR REPLACE FUNCTION hub_require_one(p_rows bigint, p_write text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_rows <> 1 THEN
    RAISE EXCEPTION 'required write % returned % rows', p_write, p_rows USING ERRCODE = 'HU001';
  END IF;
  RETURN true;
END
$$;
