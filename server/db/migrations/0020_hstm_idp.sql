-- Issue 14, an organisation's directory and HLC sync. A run is queued by a staff user and done by
-- the idp-sync background job. At most one run per org and kind is queued or running at a time:
-- the partial unique index refuses a second one even when two requests race.
CREATE TABLE idp_sync_runs (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind varchar(16) NOT NULL,
  status varchar(16) NOT NULL DEFAULT 'queued',
  started_by integer,
  started_by_email varchar(255) NOT NULL,
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  deactivated_count integer NOT NULL DEFAULT 0,
  skipped_count integer NOT NULL DEFAULT 0,
  error text,
  -- Azure: the @odata.deltaLink the directory answered, where the next run starts.
  delta_link text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  CONSTRAINT idp_sync_runs_org_id_id_key UNIQUE (org_id, id),
  CONSTRAINT idp_sync_runs_kind CHECK (kind IN ('azure', 'hlc')),
  CONSTRAINT idp_sync_runs_status CHECK (status IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX idp_sync_runs_one_active ON idp_sync_runs (org_id, kind) WHERE status IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX idp_sync_runs_org_idx ON idp_sync_runs (org_id, kind, id);
--> statement-breakpoint
ALTER TABLE idp_sync_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE idp_sync_runs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idp_sync_runs
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- Which org user a directory (or HLC) account became: the directory's own id never changes, its
-- names and e-mail may.
CREATE TABLE idp_user_links (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  source varchar(16) NOT NULL,
  external_id varchar(255) NOT NULL,
  user_id integer NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, source, external_id),
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX idp_user_links_user_idx ON idp_user_links (org_id, user_id);
--> statement-breakpoint
ALTER TABLE idp_user_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE idp_user_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idp_user_links
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
