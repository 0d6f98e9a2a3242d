-- Issue 16, single sign-on. A sign-in started at t/{tenant} leaves one short-lived row: the
-- SHA-256 of its state (OpenID Connect) or AuthnRequest ID (SAML), the SHA-256 of a random value
-- held in the starting browser's cookie (so a callback cannot be completed in another browser),
-- the PKCE verifier and the nonce. The row is deleted when the callback uses it: a state works once.
CREATE TABLE sso_login_requests (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  provider varchar(32) NOT NULL,
  state_hash varchar(64) NOT NULL,
  browser_hash varchar(64) NOT NULL,
  code_verifier varchar(128) NOT NULL DEFAULT '',
  nonce varchar(128) NOT NULL DEFAULT '',
  expires_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT sso_login_requests_org_id_id_key UNIQUE (org_id, id),
  CONSTRAINT sso_login_requests_state_hash_key UNIQUE (state_hash)
);
--> statement-breakpoint
CREATE INDEX sso_login_requests_expires_idx ON sso_login_requests (expires_at);
--> statement-breakpoint
ALTER TABLE sso_login_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_login_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_login_requests
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- SAML assertion ids already accepted, kept until the assertion itself would have expired: a
-- replayed response is refused by every application process, not only the one that saw it first.
CREATE TABLE sso_used_assertions (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  assertion_id varchar(255) NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, assertion_id)
);
--> statement-breakpoint
CREATE INDEX sso_used_assertions_expires_idx ON sso_used_assertions (expires_at);
--> statement-breakpoint
ALTER TABLE sso_used_assertions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_used_assertions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_used_assertions
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
