-- Issue 13, users administration. A welcome e-mail carries a link to set a password: the token is
-- 32 random bytes, only its SHA-256 is stored, it expires, and it works once (used_at). Sending a
-- newer invitation marks the older unused links used, so only the latest works.
CREATE TABLE password_tokens (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  token_hash varchar(64) NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  created_by integer,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT password_tokens_org_id_id_key UNIQUE (org_id, id),
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX password_tokens_hash_key ON password_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX password_tokens_user_idx ON password_tokens (org_id, user_id);
--> statement-breakpoint
ALTER TABLE password_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON password_tokens
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON password_tokens TO tenet_app;
--> statement-breakpoint
-- Deactivating or deleting a user ends their sessions at once, in the admin's own transaction. The
-- application role may not touch sessions (migration 0001), so this one narrow function runs with
-- the owner's rights and only ever deletes sessions of the request's own organisation.
CREATE FUNCTION end_user_sessions(target_user_id integer) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $fn$
DECLARE
  org integer := nullif(current_setting('app.org_id', true), '')::integer;
  ended integer;
BEGIN
  IF org IS NULL THEN
    RETURN 0;
  END IF;
  DELETE FROM sessions WHERE kind = 'org' AND org_id = org AND user_id = target_user_id;
  GET DIAGNOSTICS ended = ROW_COUNT;
  RETURN ended;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION end_user_sessions(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION end_user_sessions(integer) TO tenet_app;
--> statement-breakpoint
-- Usernames are unique across organisations (sign-in is by username), but an admin's transaction
-- sees only its own organisation: this says whether a username is taken anywhere, and nothing more.
CREATE FUNCTION username_taken(candidate text, except_user_id integer) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $fn$
  SELECT EXISTS (
    SELECT 1 FROM org_users
     WHERE lower(username) = lower(candidate)
       AND (except_user_id IS NULL OR id <> except_user_id)
  );
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION username_taken(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION username_taken(text, integer) TO tenet_app;
