-- A read acknowledgement that closes by itself writes a 'Close' change-log entry, as one closed by
-- hand does (product rules 'Change logs'): without it its log went from Active to nothing while it
-- showed Closed. The application logs the closes it makes (read-acks.closing.ts); this migration
-- logs the one the database makes: the last reader still to acknowledge leaves the group they were
-- asked through, and the trigger of migrations 0016, 0049 and 0056 takes them off and closes it.
--
-- Who caused that close is whoever removed the membership (an admin editing the group or the user's
-- groups, deleting the group, the identity provider at sign-in), and the trigger cannot know them:
-- the database has no actor, and those paths live in other modules. But every one of them logs its
-- membership change itself, on the group (a 'UserGroup' entry, in the same transaction, after the
-- removal), with its actor and sudoer. So the trigger notes each close it makes in a
-- transaction-local setting, and when that group's entry is written the close is logged with the
-- same author, time and sudoer: in the name of the person (or provider) who really acted, never a
-- guessed one. Rolled back, the note goes with the transaction (and with a savepoint). A close
-- whose group entry never comes (a path that removes a membership without logging it) is logged at
-- commit all the same, by a deferred trigger, authored by the change itself ('Group membership
-- change', no user id or e-mail) rather than by anyone it cannot name: the entry is there, and
-- says honestly that no person is recorded.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
-- Migration 0056's function, which also notes each read acknowledgement it closes, with what its
-- entry will say: its name, the group and why (the leaver's and the group's names, read now: a
-- group being deleted loses its members first, then its row, before its 'Delete' entry is written).
CREATE OR REPLACE FUNCTION read_ack_group_left() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_other integer;
  v_closed_name text;
BEGIN
  FOR r IN
    SELECT rr.id, rr.read_ack_id, ra.document_id
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
      DELETE FROM read_ack_readers WHERE org_id = OLD.org_id AND id = r.id;
      -- They were the last reader still to acknowledge: it closes, as when that reader acknowledges.
      v_closed_name := NULL;
      UPDATE read_acknowledgements a SET status = 2, closed_at = now(), updated_at = now()
       WHERE a.org_id = OLD.org_id AND a.id = r.read_ack_id AND a.status = 1
         AND NOT EXISTS (SELECT 1 FROM read_ack_readers x
                          WHERE x.org_id = a.org_id AND x.read_ack_id = a.id AND x.completion = 0)
      RETURNING a.name INTO v_closed_name;
      IF v_closed_name IS NOT NULL THEN
        PERFORM set_config('tenet.read_acks_closed_by_group_leaving',
          (coalesce(nullif(current_setting('tenet.read_acks_closed_by_group_leaving', true), ''), '[]')::jsonb
            || jsonb_build_object(
                 'org', OLD.org_id, 'id', r.read_ack_id, 'name', v_closed_name, 'group', OLD.group_id,
                 'comment', 'No reader is left to acknowledge: '
                   || coalesce((SELECT trim(u.first_name || ' ' || u.last_name) FROM org_users u
                                 WHERE u.org_id = OLD.org_id AND u.id = OLD.user_id), 'a reader')
                   || ' left '
                   || coalesce((SELECT g.name || ', the group' FROM user_groups g
                                 WHERE g.org_id = OLD.org_id AND g.id = OLD.group_id), 'the group')
                   || ' they were asked through.'))::text,
          true);
      END IF;
      PERFORM read_ack_sync_tasks(OLD.org_id, r.document_id, ARRAY[OLD.user_id], now());
    END IF;
  END LOOP;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Writes the 'Close' entries of `p_closes` (notes of read_ack_group_left) in the name of
-- `p_author`, an entry whose author and time they take (the group's own entry, or a stand-in).
CREATE OR REPLACE FUNCTION read_ack_log_group_leaving_closes(p_closes jsonb, p_author change_logs)
RETURNS void
LANGUAGE sql AS $$
  INSERT INTO change_logs (org_id, object_type, object_id, object_name, action_name, deltas,
                           created_by_user_id, created_by_user, created_by_email, sudoer_name, created_at)
  SELECT p_author.org_id, 'ReadAcknowledgement', (c ->> 'id')::integer, left(c ->> 'name', 255), 'Close',
         jsonb_build_object('changed', jsonb_build_object('status', jsonb_build_array('Active', 'Closed')),
                            'comment', c ->> 'comment'),
         p_author.created_by_user_id, p_author.created_by_user, p_author.created_by_email, p_author.sudoer_name,
         p_author.created_at
    FROM jsonb_array_elements(p_closes) WITH ORDINALITY AS n(c, i)
   ORDER BY n.i;
$$;
--> statement-breakpoint
-- The group's entry is written: the closes its membership change made are logged with its author.
-- Only 'UserGroup' entries fire it, so the entries it writes do not, and only while a close is
-- noted (the trigger's WHEN): a bulk upload's thousands of group entries queue no call.
CREATE OR REPLACE FUNCTION read_ack_log_closes_with_group_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_noted jsonb := coalesce(nullif(current_setting('tenet.read_acks_closed_by_group_leaving', true), ''), '[]')::jsonb;
  v_mine jsonb;
BEGIN
  IF jsonb_array_length(v_noted) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(jsonb_agg(c ORDER BY i), '[]') INTO v_mine
    FROM jsonb_array_elements(v_noted) WITH ORDINALITY AS n(c, i)
   WHERE (c ->> 'org')::integer = NEW.org_id AND (c ->> 'group')::integer = NEW.object_id;
  IF jsonb_array_length(v_mine) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM read_ack_log_group_leaving_closes(v_mine, NEW);
  PERFORM set_config('tenet.read_acks_closed_by_group_leaving',
    (SELECT coalesce(jsonb_agg(c ORDER BY i), '[]')
       FROM jsonb_array_elements(v_noted) WITH ORDINALITY AS n(c, i)
      WHERE NOT ((c ->> 'org')::integer = NEW.org_id AND (c ->> 'group')::integer = NEW.object_id))::text,
    true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER read_ack_closes_logged_with_group_change
  AFTER INSERT ON change_logs
  FOR EACH ROW WHEN (NEW.object_type = 'UserGroup'
                     AND coalesce(current_setting('tenet.read_acks_closed_by_group_leaving', true), '') NOT IN ('', '[]'))
  EXECUTE FUNCTION read_ack_log_closes_with_group_change();
--> statement-breakpoint
-- At commit: a close still noted had no group entry to take its author from; it is logged in the
-- change's own name. One whose read acknowledgement is gone by then (its organisation deleted in
-- the same transaction) is not: its log goes with it.
CREATE OR REPLACE FUNCTION read_ack_log_group_leaving_close_at_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_noted jsonb := coalesce(nullif(current_setting('tenet.read_acks_closed_by_group_leaving', true), ''), '[]')::jsonb;
  v_mine jsonb;
  v_author change_logs;
BEGIN
  IF jsonb_array_length(v_noted) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(jsonb_agg(c ORDER BY i), '[]') INTO v_mine
    FROM jsonb_array_elements(v_noted) WITH ORDINALITY AS n(c, i)
   WHERE (c ->> 'org')::integer = NEW.org_id AND (c ->> 'id')::integer = NEW.id;
  IF jsonb_array_length(v_mine) = 0 THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM read_acknowledgements a WHERE a.org_id = NEW.org_id AND a.id = NEW.id) THEN
    v_author.org_id := NEW.org_id;
    v_author.created_by_user := 'Group membership change';
    v_author.created_at := now();
    PERFORM read_ack_log_group_leaving_closes(v_mine, v_author);
  END IF;
  PERFORM set_config('tenet.read_acks_closed_by_group_leaving',
    (SELECT coalesce(jsonb_agg(c ORDER BY i), '[]')
       FROM jsonb_array_elements(v_noted) WITH ORDINALITY AS n(c, i)
      WHERE NOT ((c ->> 'org')::integer = NEW.org_id AND (c ->> 'id')::integer = NEW.id))::text,
    true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_ack_group_leaving_close_logged_at_commit
  AFTER UPDATE OF status ON read_acknowledgements
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 1 AND NEW.status = 2)
  EXECUTE FUNCTION read_ack_log_group_leaving_close_at_commit();
