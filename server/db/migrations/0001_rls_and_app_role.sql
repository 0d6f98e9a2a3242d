-- The third wall of tenant isolation (docs/tenancy.md): every request of an organisation runs its
-- transaction as the non-superuser role tenet_app with app.org_id set transaction-locally, and
-- row-level security on every org-owned table admits only that organisation's rows.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tenet_app') THEN
    CREATE ROLE tenet_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  -- A non-superuser owner must be a member of the role to SET ROLE to it.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT tenet_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tenet_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tenet_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tenet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tenet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tenet_app;
--> statement-breakpoint
-- Change logs and workflow history are append-only for the application.
REVOKE UPDATE, DELETE ON change_logs, workflow_history FROM tenet_app;
--> statement-breakpoint
-- Provider-staff tables are not for an organisation's requests at all.
REVOKE ALL ON hstm_users, sessions, system_messages FROM tenet_app;
--> statement-breakpoint
GRANT SELECT ON system_messages TO tenet_app;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = 'public' AND c.column_name = 'org_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (org_id = nullif(current_setting(''app.org_id'', true), '''')::integer) '
      'WITH CHECK (org_id = nullif(current_setting(''app.org_id'', true), '''')::integer)',
      t.table_name);
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON organizations
  USING (id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (id = nullif(current_setting('app.org_id', true), '')::integer);
