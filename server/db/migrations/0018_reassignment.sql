-- Issue 13, bulk assignment and reassignment (product rules 'Bulk reassignment'). One row per run an
-- org admin confirms: small runs are done in the request and stored 'done'; large ones wait
-- 'queued' until the background job takes them ('running'), then 'done' or 'failed'. The admin is
-- e-mailed at the end either way.
CREATE TABLE reassignment_jobs (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  reassignment_type varchar(16) NOT NULL,
  source_type varchar(8) NOT NULL,
  source_id integer NOT NULL,
  source_name varchar(255) NOT NULL,
  targets jsonb NOT NULL DEFAULT '[]'::jsonb,
  roles smallint[] NOT NULL,
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  item_count integer NOT NULL DEFAULT 0,
  status varchar(16) NOT NULL DEFAULT 'queued',
  changed_count integer NOT NULL DEFAULT 0,
  error text,
  created_by integer NOT NULL,
  sudoer_name varchar(255),
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  CONSTRAINT reassignment_jobs_org_id_id_key UNIQUE (org_id, id),
  CONSTRAINT reassignment_jobs_type_check CHECK (reassignment_type in ('reassign', 'clone', 'remove')),
  CONSTRAINT reassignment_jobs_status_check CHECK (status in ('queued', 'running', 'done', 'failed')),
  FOREIGN KEY (org_id, created_by) REFERENCES org_users (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX reassignment_jobs_pending_idx ON reassignment_jobs (id) WHERE status in ('queued', 'running');
--> statement-breakpoint
ALTER TABLE reassignment_jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reassignment_jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reassignment_jobs
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON reassignment_jobs TO tenet_app;
