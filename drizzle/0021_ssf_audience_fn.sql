-- Whether an event about `event_user` may reach an SSF stream of `stream_client` (issue 38, finding 10): the
-- user consented to the client, or signed in to it when it is a platform (consented by its registration).
-- A PL/pgSQL function, never inlined: the outbox fan-out in every audited write's statement calls it only for
-- an SSF endpoint that is not first-party, with two index lookups, instead of carrying two correlated
-- subqueries the planner turned into a scan of every consent and session for each statement.
CREATE OR REPLACE FUNCTION hub_ssf_audience(stream_client text, event_user uuid) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF event_user IS NULL THEN
    RETURN false;
  END IF;
  RETURN EXISTS (SELECT 1 FROM oauth_consents c WHERE c.user_id = event_user AND c.client_id = stream_client)
    OR EXISTS (
      SELECT 1 FROM oauth_clients o JOIN auth_sessions s ON s.client_id = o.client_id
      WHERE o.client_id = stream_client AND o.app_type = 'platform' AND s.user_id = event_user
    );
END
$$;
