-- Issue 11: "what may this person see?" no longer walks the tree on every request.
--
-- A node's participants are those of the nearest node at or above it that does not inherit
-- (product rules, "Access inheritance"). That node, the access source, depends only on the shape of
-- the tree and the inherits_access flags, never on grants or group memberships, so it is kept in a
-- column: containers.access_source_id (null when nothing up to the binder overrides) and
-- pnps.access_source_id (the container whose grants apply to a P&P that inherits; null for a P&P
-- with its own participants). A user's visible P&Ps are then an index lookup by the few sources on
-- which they or their groups hold grants. Grants and memberships stay as they are: they are joined
-- at query time through their own indexes, so adding or removing one needs no maintenance.
--
-- Triggers keep the columns right in the same transaction as every insert, move, override and
-- reset, whichever code path makes it (services, copy, seeds, imports, fixtures). Deletes cascade
-- to whole subtrees, so no remaining node can point at a deleted one.
ALTER TABLE containers ADD COLUMN access_source_id integer;
--> statement-breakpoint
ALTER TABLE pnps ADD COLUMN access_source_id integer;
--> statement-breakpoint
WITH RECURSIVE chain AS (
  SELECT c.org_id, c.id AS node_id, c.id AS cur_id, c.parent_id, c.inherits_access FROM containers c
  UNION ALL
  SELECT ch.org_id, ch.node_id, p.id, p.parent_id, p.inherits_access
    FROM chain ch JOIN containers p ON p.org_id = ch.org_id AND p.id = ch.parent_id
   WHERE ch.inherits_access
)
UPDATE containers c SET access_source_id = chain.cur_id
  FROM chain
 WHERE NOT chain.inherits_access AND c.org_id = chain.org_id AND c.id = chain.node_id;
--> statement-breakpoint
UPDATE pnps p SET access_source_id = c.access_source_id
  FROM containers c
 WHERE p.inherits_access AND c.org_id = p.org_id AND c.id = p.container_id;
--> statement-breakpoint
CREATE INDEX containers_access_source_idx ON containers (org_id, access_source_id);
--> statement-breakpoint
CREATE INDEX pnps_access_source_idx ON pnps (org_id, access_source_id);
--> statement-breakpoint
-- A container's own source, before the row is written: itself when it overrides, else its parent's
-- (rows written earlier in the same statement are visible here, so a copied subtree inserted
-- parent first gets its sources as it goes). One index probe per row: bulk inserts stay cheap.
CREATE OR REPLACE FUNCTION containers_set_access_source() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.inherits_access THEN
    NEW.access_source_id := NEW.id;
  ELSIF NEW.parent_id IS NULL THEN
    NEW.access_source_id := NULL;
  ELSE
    SELECT access_source_id INTO NEW.access_source_id FROM containers
     WHERE org_id = NEW.org_id AND id = NEW.parent_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_access_source
  BEFORE INSERT OR UPDATE OF parent_id, inherits_access ON containers
  FOR EACH ROW EXECUTE FUNCTION containers_set_access_source();
--> statement-breakpoint
-- When a container's source changed (moved, overridden, reset): its descendants that inherit, and
-- the P&Ps in them that inherit, take the new source. The walk stops at descendants that override,
-- whose sources (and their subtrees') cannot have changed. These UPDATEs write only
-- access_source_id, so they fire no trigger on parent_id or inherits_access.
CREATE OR REPLACE FUNCTION containers_propagate_access_source() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NOT EXISTS (SELECT 1 FROM containers WHERE org_id = NEW.org_id AND parent_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  WITH RECURSIVE below(id) AS (
    SELECT c.id FROM containers c
     WHERE c.org_id = NEW.org_id AND c.parent_id = NEW.id AND c.inherits_access
    UNION ALL
    SELECT c.id FROM below b JOIN containers c ON c.org_id = NEW.org_id AND c.parent_id = b.id
     WHERE c.inherits_access
  ),
  moved_containers AS (
    UPDATE containers c SET access_source_id = NEW.access_source_id
      FROM below b
     WHERE c.org_id = NEW.org_id AND c.id = b.id AND c.access_source_id IS DISTINCT FROM NEW.access_source_id
  )
  UPDATE pnps p SET access_source_id = NEW.access_source_id
   WHERE p.org_id = NEW.org_id AND p.inherits_access
     AND p.container_id IN (SELECT NEW.id UNION ALL SELECT id FROM below)
     AND p.access_source_id IS DISTINCT FROM NEW.access_source_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER containers_access_source_changed
  AFTER UPDATE OF parent_id, inherits_access ON containers
  FOR EACH ROW WHEN (OLD.access_source_id IS DISTINCT FROM NEW.access_source_id)
  EXECUTE FUNCTION containers_propagate_access_source();
--> statement-breakpoint
-- A container inserted before its parent in the same statement found no parent source: the parent,
-- once inserted, hands its source down (the function returns at once for a container with nothing
-- below it, that is every other insert: one index probe).
CREATE TRIGGER containers_access_source_inserted
  AFTER INSERT ON containers
  FOR EACH ROW EXECUTE FUNCTION containers_propagate_access_source();
--> statement-breakpoint
-- A P&P takes its container's source when it inherits, none when it has its own participants.
CREATE OR REPLACE FUNCTION pnps_set_access_source() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.inherits_access THEN
    SELECT access_source_id INTO NEW.access_source_id FROM containers
     WHERE org_id = NEW.org_id AND id = NEW.container_id;
  ELSE
    NEW.access_source_id := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnps_access_source
  BEFORE INSERT OR UPDATE OF container_id, inherits_access ON pnps
  FOR EACH ROW EXECUTE FUNCTION pnps_set_access_source();
