-- Issue 11: a library page no longer builds the path of every binder and folder to show ten rows.
--
-- Each container keeps its location ('Binder / Folder / Sub-folder', the spec's location of a
-- library item) and the ids from its binder down to itself (ancestor_ids), so a page joins one row
-- per P&P instead of walking the whole tree (a recursive CTE over all 5,100 containers of a large
-- organisation on every library statement, 10-20 ms). Like the access sources of migration 0005,
-- triggers keep both right in the same transaction as every insert, rename and move, whatever code
-- path makes it; deletes cascade to whole subtrees.
ALTER TABLE containers ADD COLUMN location text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE containers ADD COLUMN ancestor_ids integer[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
WITH RECURSIVE paths AS (
  SELECT c.org_id, c.id, c.name::text AS location, ARRAY[c.id] AS ancestor_ids
    FROM containers c WHERE c.parent_id IS NULL
  UNION ALL
  SELECT c.org_id, c.id, p.location || ' / ' || c.name, p.ancestor_ids || c.id
    FROM paths p JOIN containers c ON c.org_id = p.org_id AND c.parent_id = p.id
)
UPDATE containers c SET location = paths.location, ancestor_ids = paths.ancestor_ids
  FROM paths
 WHERE c.org_id = paths.org_id AND c.id = paths.id;
--> statement-breakpoint
-- A container's own path, before the row is written, from its parent's (one index probe). A
-- folder inserted before its parent in the same statement finds none: the parent hands its path
-- down once inserted (below).
CREATE OR REPLACE FUNCTION containers_set_path() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parent_location text;
  parent_ancestors integer[];
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT location, ancestor_ids INTO parent_location, parent_ancestors FROM containers
     WHERE org_id = NEW.org_id AND id = NEW.parent_id;
  END IF;
  IF parent_location IS NULL THEN
    NEW.location := NEW.name;
    NEW.ancestor_ids := ARRAY[NEW.id];
  ELSE
    NEW.location := parent_location || ' / ' || NEW.name;
    NEW.ancestor_ids := parent_ancestors || NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_path
  BEFORE INSERT OR UPDATE OF parent_id, name ON containers
  FOR EACH ROW EXECUTE FUNCTION containers_set_path();
--> statement-breakpoint
-- When a container's path changed (renamed, moved) or it was inserted with children already
-- below it: every descendant's path is rebuilt from it in one statement. That UPDATE writes only
-- location and ancestor_ids, so it fires no trigger on parent_id or name.
CREATE OR REPLACE FUNCTION containers_propagate_path() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NOT EXISTS (SELECT 1 FROM containers WHERE org_id = NEW.org_id AND parent_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  WITH RECURSIVE below(id, location, ancestor_ids) AS (
    SELECT c.id, NEW.location || ' / ' || c.name, NEW.ancestor_ids || c.id FROM containers c
     WHERE c.org_id = NEW.org_id AND c.parent_id = NEW.id
    UNION ALL
    SELECT c.id, b.location || ' / ' || c.name, b.ancestor_ids || c.id
      FROM below b JOIN containers c ON c.org_id = NEW.org_id AND c.parent_id = b.id
  )
  UPDATE containers c SET location = b.location, ancestor_ids = b.ancestor_ids
    FROM below b
   WHERE c.org_id = NEW.org_id AND c.id = b.id
     AND (c.location IS DISTINCT FROM b.location OR c.ancestor_ids IS DISTINCT FROM b.ancestor_ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_path_changed
  AFTER UPDATE OF parent_id, name ON containers
  FOR EACH ROW WHEN (OLD.location IS DISTINCT FROM NEW.location OR OLD.ancestor_ids IS DISTINCT FROM NEW.ancestor_ids)
  EXECUTE FUNCTION containers_propagate_path();
--> statement-breakpoint
CREATE TRIGGER containers_path_inserted
  AFTER INSERT ON containers
  FOR EACH ROW EXECUTE FUNCTION containers_propagate_path();
--> statement-breakpoint
-- The library's count of what a user may see: an index-only walk of the published P&Ps by access
-- source (the few sources the user holds grants on), no table rows read.
CREATE INDEX pnps_published_source_idx ON pnps (org_id, access_source_id) WHERE status = 2;
--> statement-breakpoint
-- Published P&Ps whose Active version is not yet effective (scheduled publications): few, found
-- by a range scan, subtracted from that count.
CREATE INDEX pnp_documents_active_effective_idx ON pnp_documents (org_id, effective_dt) WHERE status = 2;
