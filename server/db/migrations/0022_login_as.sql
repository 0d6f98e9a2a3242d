-- Issue 14, login-as: a provider-staff user (permission 4) asks for a one-time sign-in link for an
-- org user. Only the SHA-256 of the link's token is kept; the link works once, for two minutes, and
-- only in the browser session of the staff user who asked for it.
CREATE TABLE login_as_tokens (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  staff_id integer NOT NULL REFERENCES hstm_users (id) ON DELETE CASCADE,
  token_hash varchar(64) NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT login_as_tokens_org_id_id_key UNIQUE (org_id, id),
  CONSTRAINT login_as_tokens_token_hash_key UNIQUE (token_hash),
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
ALTER TABLE login_as_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE login_as_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON login_as_tokens
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
