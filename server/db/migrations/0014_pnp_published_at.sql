-- Issue 11: the recently published view counts what a user may see without reading table rows.
--
-- pnps.active_published_at is the published_at of the P&P's Active version (null when it has
-- none), kept by a trigger on pnp_documents in the same transaction as every publication, archive,
-- retirement and restore, whatever code path writes the versions. It joins the access source in
-- the index of published P&Ps, so "published since" is a range of that index, read alone.
ALTER TABLE pnps ADD COLUMN active_published_at timestamp with time zone;
--> statement-breakpoint
UPDATE pnps p SET active_published_at = d.published_at
  FROM pnp_documents d
 WHERE d.org_id = p.org_id AND d.pnp_id = p.id AND d.status = 2;
--> statement-breakpoint
-- Recomputed from the versions rather than copied from the rows that changed (a publication
-- archives the old Active version and activates the new one in two statements), once per statement
-- for all the P&Ps it touched: a bulk insert of thousands of versions is one join, not a lookup per
-- row. Transition tables cannot be combined with a column list, so every UPDATE statement on the
-- versions runs it; it writes only the P&Ps whose value changes.
CREATE OR REPLACE FUNCTION pnps_refresh_published_at(changed_org integer[], changed_pnp integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE pnps p SET active_published_at = a.published_at
    FROM unnest(changed_org, changed_pnp) AS c(org_id, pnp_id)
    LEFT JOIN pnp_documents a ON a.org_id = c.org_id AND a.pnp_id = c.pnp_id AND a.status = 2
   WHERE p.org_id = c.org_id AND p.id = c.pnp_id AND p.active_published_at IS DISTINCT FROM a.published_at;
$$;
--> statement-breakpoint
-- The same for a statement that wrote many versions (a bulk upload, an import, a seed): tables
-- filled in the same transaction have no statistics yet, and the planner would look each P&P up by
-- scanning the whole table, once per row (minutes on thousands). Hash joins instead.
CREATE OR REPLACE FUNCTION pnps_refresh_published_at_bulk(changed_org integer[], changed_pnp integer[]) RETURNS void
LANGUAGE sql SET enable_nestloop = off AS $$
  UPDATE pnps p SET active_published_at = a.published_at
    FROM unnest(changed_org, changed_pnp) AS c(org_id, pnp_id)
    LEFT JOIN pnp_documents a ON a.org_id = c.org_id AND a.pnp_id = c.pnp_id AND a.status = 2
   WHERE p.org_id = c.org_id AND p.id = c.pnp_id AND p.active_published_at IS DISTINCT FROM a.published_at;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnp_documents_new_published_at() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  ids integer[];
BEGIN
  SELECT array_agg(org_id), array_agg(pnp_id) INTO orgs, ids FROM (SELECT DISTINCT org_id, pnp_id FROM new_rows) c;
  IF cardinality(ids) > 100 THEN
    PERFORM pnps_refresh_published_at_bulk(orgs, ids);
  ELSIF cardinality(ids) > 0 THEN
    PERFORM pnps_refresh_published_at(orgs, ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnp_documents_old_published_at() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  ids integer[];
BEGIN
  SELECT array_agg(org_id), array_agg(pnp_id) INTO orgs, ids FROM (SELECT DISTINCT org_id, pnp_id FROM old_rows) c;
  IF cardinality(ids) > 100 THEN
    PERFORM pnps_refresh_published_at_bulk(orgs, ids);
  ELSIF cardinality(ids) > 0 THEN
    PERFORM pnps_refresh_published_at(orgs, ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnp_documents_published_at_inserted
  AFTER INSERT ON pnp_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_new_published_at();
--> statement-breakpoint
CREATE TRIGGER pnp_documents_published_at_updated
  AFTER UPDATE ON pnp_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_new_published_at();
--> statement-breakpoint
CREATE TRIGGER pnp_documents_published_at_deleted
  AFTER DELETE ON pnp_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_old_published_at();
--> statement-breakpoint
DROP INDEX IF EXISTS pnps_published_source_idx;
--> statement-breakpoint
CREATE INDEX pnps_published_source_idx ON pnps (org_id, access_source_id, active_published_at) WHERE status = 2;
