-- Issue 12: read acknowledgements (product rules 'Read acknowledgements').
--
-- Who may read a P&P, asked by the service when readers are chosen and by the group trigger below,
-- so both answer alike: an active org admin, anyone holding a role on the P&P (their own grant or a
-- group's, on the P&P when it overrides, else on its access source), or an owner of its folder.
CREATE OR REPLACE FUNCTION read_ack_user_sees_pnp(p_org integer, p_user integer, p_pnp integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
      SELECT 1 FROM org_users u
       WHERE u.org_id = p_org AND u.id = p_user AND u.status = 1 AND u.is_admin
    )
    OR EXISTS (
      SELECT 1 FROM pnps p
        JOIN access_grants g ON g.org_id = p.org_id
         AND ((NOT p.inherits_access AND g.pnp_id = p.id) OR (p.inherits_access AND g.container_id = p.access_source_id))
       WHERE p.org_id = p_org AND p.id = p_pnp
         AND (g.user_id = p_user OR g.group_id IN (
               SELECT m.group_id FROM group_memberships m WHERE m.org_id = p_org AND m.user_id = p_user))
    )
    OR EXISTS (
      SELECT 1 FROM pnps p
        JOIN containers c ON c.org_id = p.org_id AND c.id = p.container_id
        JOIN access_grants g ON g.org_id = c.org_id AND g.container_id = c.access_source_id AND g.role = 1
       WHERE p.org_id = p_org AND p.id = p_pnp
         AND (g.user_id = p_user OR g.group_id IN (
               SELECT m.group_id FROM group_memberships m WHERE m.org_id = p_org AND m.user_id = p_user))
    )
$$;
--> statement-breakpoint
-- A later joiner of a reader group gets the reader row and the Acknowledge task of every Active
-- read acknowledgement naming the group, whichever code path adds the membership (screens, bulk
-- upload, directory sync, seeds). Inactive users and users who cannot see the P&P are left out,
-- as they are when the read acknowledgement is created.
CREATE OR REPLACE FUNCTION read_ack_group_joined() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ra record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM org_users u WHERE u.org_id = NEW.org_id AND u.id = NEW.user_id AND u.status = 1) THEN
    RETURN NEW;
  END IF;
  FOR ra IN
    SELECT r.id, r.pnp_id, r.document_id, r.due_dt
      FROM read_ack_groups g
      JOIN read_acknowledgements r ON r.org_id = g.org_id AND r.id = g.read_ack_id
     WHERE g.org_id = NEW.org_id AND g.group_id = NEW.group_id AND r.status = 1
  LOOP
    IF read_ack_user_sees_pnp(NEW.org_id, NEW.user_id, ra.pnp_id) THEN
      INSERT INTO read_ack_readers (org_id, read_ack_id, user_id, via_group_id)
      VALUES (NEW.org_id, ra.id, NEW.user_id, NEW.group_id)
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        INSERT INTO tasks (org_id, user_id, kind, status, pnp_id, document_id, read_ack_id, due_dt)
        VALUES (NEW.org_id, NEW.user_id, 'Acknowledge', 1, ra.pnp_id, ra.document_id, ra.id, ra.due_dt)
        ON CONFLICT DO NOTHING;
      END IF;
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER read_ack_group_joined
  AFTER INSERT ON group_memberships
  FOR EACH ROW EXECUTE FUNCTION read_ack_group_joined();
--> statement-breakpoint
-- Publishing a new version archives the Active one. Acknowledgements are not carried over to the
-- new version: the Active read acknowledgements of the replaced version are cancelled and their
-- open Acknowledge tasks closed (status 3), whichever code path replaces it. Readers who had
-- acknowledged keep their record (the version they read and when). The owners create a new read
-- acknowledgement for the new version.
CREATE OR REPLACE FUNCTION read_ack_version_replaced() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks t SET status = 3, updated_at = now()
    FROM read_acknowledgements r
   WHERE r.org_id = OLD.org_id AND r.document_id = OLD.id AND r.status = 1
     AND t.org_id = r.org_id AND t.read_ack_id = r.id AND t.kind = 'Acknowledge' AND t.status = 1;
  UPDATE read_acknowledgements SET status = 3, updated_at = now()
   WHERE org_id = OLD.org_id AND document_id = OLD.id AND status = 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER read_ack_version_replaced
  AFTER UPDATE OF status ON pnp_documents
  FOR EACH ROW WHEN (OLD.status = 2 AND NEW.status <> 2)
  EXECUTE FUNCTION read_ack_version_replaced();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tasks_read_ack_idx ON tasks (org_id, read_ack_id) WHERE read_ack_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS read_ack_groups_group_idx ON read_ack_groups (org_id, group_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS library_views_reader_idx ON library_views (org_id, user_id, document_id, viewed_at);
