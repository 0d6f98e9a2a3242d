-- Issue 11 part 1: the session lookup, the floor of every signed-in request, planned with the
-- statement that asks it. Migration 0054 made it a PL/pgSQL function, whose own statement runs
-- through the interpreter and an executor of its own on every call. Here it is an SQL function
-- returning rows, which PostgreSQL writes into the calling statement (inlining: LANGUAGE sql,
-- STABLE, no SET clause, neither STRICT nor a security definer, one SELECT, called in FROM) and
-- plans with it. Measured with pgbench (2 cores, eight clients, prepared, the session id bound):
-- 14,700 lookups a second as 0054's function, 17,300 as this one. The statement is 0054's,
-- unchanged, so the text a lookup reads and the MD5 a transaction's check compares are the same.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenet_session_actor_rows(session_id text, with_ownership boolean, delegators_at timestamptz)
RETURNS SETOF text
LANGUAGE sql STABLE
AS $fn$
  SELECT json_build_object(
    'id', s.id, 'kind', s.kind, 'orgId', s.org_id, 'userId', s.user_id, 'hstmUserId', s.hstm_user_id,
    'sudoerId', s.sudoer_id, 'csrfToken', s.csrf_token, 'idleTimeoutMinutes', s.idle_timeout_minutes,
    'createdAt', (extract(epoch from s.created_at) * 1000)::float8,
    'lastSeenAt', (extract(epoch from s.last_seen_at) * 1000)::float8,
    'expiresAt', (extract(epoch from s.expires_at) * 1000)::float8,
    'userOrgId', u.org_id, 'userFirstName', u.first_name, 'userLastName', u.last_name, 'userEmail', u.email,
    'userUsername', u.username, 'userStatus', u.status, 'userIsAdmin', u.is_admin,
    'userIsPolicyOwner', u.is_policy_owner,
    'orgName', o.name, 'orgTenant', o.tenant, 'orgStatus', o.status,
    'staffName', h.name, 'staffEmail', h.email, 'staffUsername', h.username, 'staffStatus', h.status,
    'staffPermissions', h.permissions,
    'sudoerName', su.name,
    -- Whether the user owns a binder or folder (role 1, Owner), themselves or through a group.
    'containerOwner', CASE WHEN with_ownership THEN exists (
      SELECT 1 FROM access_grants g
       WHERE g.org_id = s.org_id AND g.role = 1 AND g.container_id IS NOT NULL
         AND (g.user_id = s.user_id
              OR g.group_id IN (SELECT m.group_id FROM group_memberships m
                                 WHERE m.org_id = s.org_id AND m.user_id = s.user_id))) END,
    -- Whose delegate the user is in a window active at `delegators_at`, in order.
    'delegators', CASE WHEN delegators_at IS NOT NULL THEN (
      SELECT coalesce(array_agg(d.user_id ORDER BY d.user_id), '{}') FROM delegations d
       WHERE d.org_id = s.org_id AND d.delegate_id = s.user_id
         AND d.starts_at <= delegators_at AND d.ends_at > delegators_at) END,
    -- Whether the user holds an open copy of a task whose delegation window has lapsed.
    'holdsLapsedCopies', CASE WHEN delegators_at IS NOT NULL THEN exists (
      SELECT 1 FROM tasks t
       WHERE t.org_id = s.org_id AND t.user_id = s.user_id AND t.status = 1 AND t.delegated_from IS NOT NULL
         AND NOT exists (
           SELECT 1 FROM delegations d
            WHERE d.org_id = t.org_id AND d.user_id = t.delegated_from AND d.delegate_id = t.user_id
              AND d.starts_at <= delegators_at AND d.ends_at > delegators_at)) END
  )::text
    FROM sessions s
    LEFT JOIN org_users u ON u.id = s.user_id
    LEFT JOIN organizations o ON o.id = u.org_id
    LEFT JOIN hstm_users h ON h.id = s.hstm_user_id
    LEFT JOIN hstm_users su ON su.id = s.sudoer_id
   WHERE s.id = session_id
   LIMIT 1
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenet_session_actor_rows(text, boolean, timestamptz) FROM PUBLIC;
--> statement-breakpoint
-- The former scalar goes: called as a value, an SQL function with a sub-SELECT is planned on every
-- call (about 1 ms), and nothing calls it now.
DROP FUNCTION IF EXISTS tenet_session_actor(text, boolean, timestamptz);
--> statement-breakpoint
-- The check of a remembered session reads the same rows (otherwise migration 0054's). The two
-- extras the routes ask without delegations are written out as constants, one statement each: with
-- them PL/pgSQL keeps one plan per statement instead of planning the lookup on every call, because
-- a plan for any value of the extras costs more than one that drops the parts not asked for
-- (pgbench, prepared, one client: 62 us of the server's CPU a check instead of 73).
CREATE OR REPLACE FUNCTION tenet_session_unchanged(session_id text, with_ownership boolean, delegators_at timestamptz, seen text)
RETURNS boolean
LANGUAGE plpgsql STABLE
AS $fn$
DECLARE
  actor text;
BEGIN
  IF delegators_at IS NOT NULL THEN
    actor := (SELECT a FROM tenet_session_actor_rows(session_id, with_ownership, delegators_at) AS a);
  ELSIF with_ownership THEN
    actor := (SELECT a FROM tenet_session_actor_rows(session_id, true, null) AS a);
  ELSE
    actor := (SELECT a FROM tenet_session_actor_rows(session_id, false, null) AS a);
  END IF;
  IF md5(actor) IS DISTINCT FROM seen THEN
    RAISE EXCEPTION 'the session changed since this process read it' USING ERRCODE = 'TN001';
  END IF;
  RETURN true;
END
$fn$;
