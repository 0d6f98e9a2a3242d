-- Issue 16, single sign-on: IdP groups mapped to user groups, and SAML single logout.
--
-- 1. Which claim (OpenID Connect) or attribute (SAML) lists a person's groups, per organisation.
--    Its own table, not a key in org_idp_settings' 'SSO' row: that row is rewritten whole by the
--    provisioning setting, which would drop a key it does not know.
CREATE TABLE sso_group_claims (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  claim varchar(255) NOT NULL DEFAULT '',
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE sso_group_claims ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_group_claims FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_group_claims
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- 2. One row per IdP group value (an Azure group object id, a SAML group name or DN) and the user
--    group it stands for. A table rather than JSON in the 'SSO' settings row: the composite foreign
--    key keeps the group in the same organisation, and deleting a group drops its mappings with it.
--    A value maps to one group (compared without regard to case); a group may have several values.
CREATE TABLE sso_group_mappings (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  idp_group varchar(255) NOT NULL,
  group_id integer NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT sso_group_mappings_org_id_id_key UNIQUE (org_id, id),
  FOREIGN KEY (org_id, group_id) REFERENCES user_groups (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX sso_group_mappings_value_key ON sso_group_mappings (org_id, lower(idp_group));
--> statement-breakpoint
CREATE INDEX sso_group_mappings_group_idx ON sso_group_mappings (org_id, group_id);
--> statement-breakpoint
ALTER TABLE sso_group_mappings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_group_mappings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_group_mappings
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- 3. SAML single logout: the NameID and SessionIndex of the assertion that opened a session, so
--    that signing out can send the IdP a LogoutRequest for exactly that sign-in, and an IdP's
--    LogoutRequest can find the sessions it names. No foreign key to sessions: t/{tenant}/logout
--    ends our session first and reads this row afterwards. Rows older than the longest a session
--    lives are swept when new ones are written.
CREATE TABLE sso_saml_sessions (
  session_id varchar(64) PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  name_id varchar(1024) NOT NULL,
  name_id_format varchar(255),
  name_qualifier varchar(1024),
  sp_name_qualifier varchar(1024),
  session_index varchar(255),
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX sso_saml_sessions_name_idx ON sso_saml_sessions (org_id, name_id);
--> statement-breakpoint
CREATE INDEX sso_saml_sessions_created_idx ON sso_saml_sessions (created_at);
--> statement-breakpoint
ALTER TABLE sso_saml_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sso_saml_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_saml_sessions
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- Like sessions (migration 0001), these rows are for sign-in and sign-out only, never for an
-- organisation's requests.
REVOKE ALL ON sso_saml_sessions FROM tenet_app;
