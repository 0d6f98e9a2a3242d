-- Issue 11 part 1: an organisation route's read without the session lookup's round trip.
-- The session lookup (server/modules/auth/sessions.repo.ts) becomes this function, so that the same
-- definition serves two callers: the lookup itself (one statement outside any transaction, as
-- before), and a check inside a read's transaction that what a process remembered of a session is
-- still what the database says (server/http/actor-cache.ts). The check travels in the transaction's
-- first batch before its settings and its statement; when it fails it raises, PostgreSQL skips the
-- rest of the batch, and nothing was read under what the process remembered.
-- Both run as the owner (before the transaction takes the application role), which alone may read
-- sessions; neither is callable by anyone else.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenet_session_actor(session_id text, with_ownership boolean, delegators_at timestamptz)
RETURNS text
-- PL/pgSQL keeps the statement's plan per connection (an SQL function would plan it on every call).
-- No SET clause: not a security definer, and a setting saved and restored on every call cost 4-7% of
-- the lookup.
LANGUAGE plpgsql STABLE
AS $fn$
BEGIN
  -- One JSON value, not 31 columns: the driver's work per column was a third of the lookup's CPU.
  -- Times as milliseconds since the epoch (JSON has no dates). What a caller did not ask for is null.
  RETURN (
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
     LIMIT 1);
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenet_session_actor(text, boolean, timestamptz) FROM PUBLIC;
--> statement-breakpoint
-- Raises (SQLSTATE TN001) unless the session's lookup, read now, is what was seen (its MD5).
CREATE OR REPLACE FUNCTION tenet_session_unchanged(session_id text, with_ownership boolean, delegators_at timestamptz, seen text)
RETURNS boolean
LANGUAGE plpgsql STABLE
AS $fn$
BEGIN
  IF md5(tenet_session_actor(session_id, with_ownership, delegators_at)) IS DISTINCT FROM seen THEN
    RAISE EXCEPTION 'the session changed since this process read it' USING ERRCODE = 'TN001';
  END IF;
  RETURN true;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenet_session_unchanged(text, boolean, timestamptz, text) FROM PUBLIC;
