-- Issue 13, user groups. A member who leaves a group stops being a reader through it: the mirror of
-- read_ack_group_joined (migration 0008), whichever code path removes the membership (the group
-- screens, a user's groups, a group's deletion, bulk upload). For each Active read acknowledgement
-- the member reads through this group and has not acknowledged yet:
-- - if another group of that read acknowledgement still holds them, they stay a reader through it;
-- - else their reader row goes and their open Acknowledge task is closed (status 3), as when an
--   admin takes a reader off the read acknowledgement.
-- Readers chosen by name (via_group_id null) and readers who have acknowledged are kept.
CREATE OR REPLACE FUNCTION read_ack_group_left() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_other integer;
BEGIN
  FOR r IN
    SELECT rr.id, rr.read_ack_id
      FROM read_ack_readers rr
      JOIN read_acknowledgements ra ON ra.org_id = rr.org_id AND ra.id = rr.read_ack_id AND ra.status = 1
     WHERE rr.org_id = OLD.org_id AND rr.user_id = OLD.user_id AND rr.via_group_id = OLD.group_id
       AND rr.completion = 0
  LOOP
    SELECT g.group_id INTO v_other
      FROM read_ack_groups g
      JOIN group_memberships m ON m.org_id = g.org_id AND m.group_id = g.group_id AND m.user_id = OLD.user_id
     WHERE g.org_id = OLD.org_id AND g.read_ack_id = r.read_ack_id AND g.group_id <> OLD.group_id
     ORDER BY g.group_id
     LIMIT 1;
    IF v_other IS NOT NULL THEN
      UPDATE read_ack_readers SET via_group_id = v_other WHERE org_id = OLD.org_id AND id = r.id;
    ELSE
      UPDATE tasks SET status = 3, updated_at = now()
       WHERE org_id = OLD.org_id AND read_ack_id = r.read_ack_id AND user_id = OLD.user_id
         AND kind = 'Acknowledge' AND status = 1;
      DELETE FROM read_ack_readers WHERE org_id = OLD.org_id AND id = r.id;
    END IF;
  END LOOP;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER read_ack_group_left
  AFTER DELETE ON group_memberships
  FOR EACH ROW EXECUTE FUNCTION read_ack_group_left();
--> statement-breakpoint
-- The trigger above finds a leaver's readings through their group by this index.
CREATE INDEX IF NOT EXISTS read_ack_readers_user_group_idx ON read_ack_readers (org_id, user_id, via_group_id);
