-- A read acknowledgement closes when no reader is left to acknowledge (product rules: it closes when
-- every reader has acknowledged), also when the last pending reader goes rather than acknowledges.
-- `closeIfComplete` (read-acks.closing.ts) does it for a reader who acknowledges, is taken off, or
-- leaves the organisation; a reader who leaves the group they were asked through is taken off by
-- the trigger of migration 0016, whatever removed the membership (the group screens, a user's
-- groups, a group's deletion, a bulk upload, a directory sync), so the trigger closes it too.
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
      -- They were the last reader still to acknowledge: it closes, as when that reader acknowledges.
      UPDATE read_acknowledgements a SET status = 2, closed_at = now(), updated_at = now()
       WHERE a.org_id = OLD.org_id AND a.id = r.read_ack_id AND a.status = 1
         AND NOT EXISTS (SELECT 1 FROM read_ack_readers x
                          WHERE x.org_id = a.org_id AND x.read_ack_id = a.id AND x.completion = 0);
    END IF;
  END LOOP;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Those already left Active with nobody to ask before this rule (every reader gone or through with
-- it) close now, with any Acknowledge task of theirs still open.
WITH closed AS (
  UPDATE read_acknowledgements a SET status = 2, closed_at = now(), updated_at = now()
   WHERE a.status = 1
     AND NOT EXISTS (SELECT 1 FROM read_ack_readers x
                      WHERE x.org_id = a.org_id AND x.read_ack_id = a.id AND x.completion = 0)
  RETURNING a.org_id, a.id
)
UPDATE tasks t SET status = 3, updated_at = now()
  FROM closed c
 WHERE t.org_id = c.org_id AND t.read_ack_id = c.id AND t.kind = 'Acknowledge' AND t.status = 1;
