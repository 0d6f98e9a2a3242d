-- Issue 15: approval turnaround's figures (the median and 90th percentile of every stay and sign-off
-- of a period, by stage, binder and person) sort every stay of the period: 190-250 ms a request for
-- a year of 180,000 stays, 60-95x the floor. Exact percentiles of an arbitrary period cannot be
-- summed from tallies, so the figures of each (organisation, scope, period) asked for are kept, and
-- served while nothing they read has changed since. The slowest open items are not kept: they move
-- with the clock and cost a walk of ten index entries.
--
-- What has changed is told by `report_writes`: every statement that writes what the figures read
-- notes its organisation there (one row per transaction, numbered by a sequence), by the triggers
-- below. Kept figures carry the highest number they saw and are served only while it is still the
-- highest. The figures read: the history (through the stays kept by 0029's triggers on it), the
-- P&Ps' containers and access, the containers' names, places and access, people's names, and for a
-- binder owner's scope the grants and group memberships.
--
-- Why the numbers cannot lie: a writer takes a shared advisory lock on its organisation before it
-- takes its number and holds it to its end; figures are kept only by a request that took the same
-- lock exclusively (without waiting, pg_try_advisory_xact_lock) before the statement that computes
-- them. So no write is in flight while they are computed: every number taken so far belongs to a
-- transaction that has ended, and every later writer takes a higher one. A writer whose rows were
-- written before the lock but whose trigger comes after waits for the keeping request to end, and
-- then takes a higher number than the one kept. The keeping request waits for no one, so writers
-- waiting for it cannot deadlock; writers never wait for each other here (shared locks, an insert of
-- their own row, and a prune that skips locked rows).
-- `turnaround-kept.test.ts` holds the served figures equal to the figures computed afresh after
-- random writes of every kind above.
CREATE TABLE report_writes (
  org_id integer NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (org_id, xid)
);
--> statement-breakpoint
CREATE INDEX report_writes_seq_idx ON report_writes (org_id, seq);
--> statement-breakpoint
CREATE TABLE turnaround_figures (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- The binder owner whose scope bounds the figures; 0 for an org admin (the whole organisation).
  owner_id integer NOT NULL,
  period_start timestamp with time zone NOT NULL,
  period_end timestamp with time zone NOT NULL,
  writes_seq bigint NOT NULL,
  stages json NOT NULL,
  binders json NOT NULL,
  persons json NOT NULL,
  computed_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, owner_id, period_start, period_end)
);
--> statement-breakpoint
-- Notes that the organisations `v_orgs` were written by this transaction. Below the new number only
-- the highest matters, so older rows of the organisation go (those another writer holds are skipped).
-- PL/pgSQL, not SQL: its statements are planned once per connection, not on every call (a SQL
-- function's were 0.4 ms of every writing transaction).
CREATE OR REPLACE FUNCTION report_writes_note(v_orgs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  o integer;
  mine bigint;
BEGIN
  FOR o IN SELECT DISTINCT x FROM unnest(v_orgs) x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('report_writes'), o);
    mine := NULL;
    INSERT INTO report_writes (org_id) VALUES (o) ON CONFLICT (org_id, xid) DO NOTHING RETURNING seq INTO mine;
    -- The transaction's first write for the organisation: the rows below its number go.
    IF mine IS NOT NULL THEN
      DELETE FROM report_writes w
       WHERE (w.org_id, w.xid) IN (
         SELECT r.org_id, r.xid FROM report_writes r
          WHERE r.org_id = o AND r.seq < mine
          ORDER BY r.seq LIMIT 16
            FOR UPDATE SKIP LOCKED);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Any row inserted, changed or deleted (the history, grants, group memberships; deletions anywhere).
CREATE OR REPLACE FUNCTION report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_writes_note(array_agg(DISTINCT org_id)) FROM new_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_writes_note(array_agg(DISTINCT org_id)) FROM old_rows HAVING count(*) > 0;
  ELSE
    PERFORM report_writes_note(array_agg(DISTINCT org_id))
       FROM (SELECT org_id FROM new_rows UNION SELECT org_id FROM old_rows) r HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A P&P moved, or its access changed (a binder owner's scope).
CREATE OR REPLACE FUNCTION pnps_report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_writes_note(array_agg(DISTINCT n.org_id))
     FROM new_rows n JOIN old_rows o ON o.org_id = n.org_id AND o.id = n.id
    WHERE (o.container_id, o.access_source_id, o.inherits_access)
          IS DISTINCT FROM (n.container_id, n.access_source_id, n.inherits_access)
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A container renamed (a binder's name), moved (its binder) or its access changed.
CREATE OR REPLACE FUNCTION containers_report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_writes_note(array_agg(DISTINCT n.org_id))
     FROM new_rows n JOIN old_rows o ON o.org_id = n.org_id AND o.id = n.id
    WHERE (o.name, o.ancestor_ids, o.access_source_id) IS DISTINCT FROM (n.name, n.ancestor_ids, n.access_source_id)
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person renamed (the figures by person).
CREATE OR REPLACE FUNCTION org_users_report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_writes_note(array_agg(DISTINCT n.org_id))
     FROM new_rows n JOIN old_rows o ON o.org_id = n.org_id AND o.id = n.id
    WHERE (o.first_name, o.last_name) IS DISTINCT FROM (n.first_name, n.last_name)
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_history_report_writes_inserted AFTER INSERT ON workflow_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER workflow_history_report_writes_updated AFTER UPDATE ON workflow_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER workflow_history_report_writes_deleted AFTER DELETE ON workflow_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER access_grants_report_writes_inserted AFTER INSERT ON access_grants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER access_grants_report_writes_updated AFTER UPDATE ON access_grants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER access_grants_report_writes_deleted AFTER DELETE ON access_grants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER group_memberships_report_writes_inserted AFTER INSERT ON group_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER group_memberships_report_writes_updated AFTER UPDATE ON group_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER group_memberships_report_writes_deleted AFTER DELETE ON group_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER pnps_report_writes_updated AFTER UPDATE ON pnps
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pnps_report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER pnps_report_writes_deleted AFTER DELETE ON pnps
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER containers_report_writes_updated AFTER UPDATE ON containers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION containers_report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER containers_report_writes_deleted AFTER DELETE ON containers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER org_users_report_writes_updated AFTER UPDATE ON org_users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_users_report_writes_noted();
--> statement-breakpoint
CREATE TRIGGER org_users_report_writes_deleted AFTER DELETE ON org_users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_writes_noted();
--> statement-breakpoint
ALTER TABLE report_writes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_writes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_writes
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE turnaround_figures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE turnaround_figures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON turnaround_figures
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
