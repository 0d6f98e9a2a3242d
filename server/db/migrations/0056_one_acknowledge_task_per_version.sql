-- One open task per (user, version, kind) (product rules 'Tasks'), Acknowledge tasks too (ADR 0032).
-- A reader whom several Active read acknowledgements of a version ask holds one Acknowledge task,
-- for the one of them due first; their one acknowledgement answers all of them.
--
-- What a reader's task is follows from their reader rows, so it is worked out in one place, here,
-- for the services (read-acks.tasks.ts) and the triggers below alike: for each of `p_users`, the
-- task on version `p_document` stands for the Active read acknowledgement of that version still
-- waiting for them that is due first (no due date last, then the oldest). Asked by none, an open
-- task closes (status 3); asked, the open task is pointed at that one with its due date, or opened
-- (created at `p_at`: the reader must open the document after that to acknowledge it). An open task
-- that is only pointed elsewhere keeps its id, its creation and its reminders. Only active users
-- hold tasks: a reader row left from before leavers lost theirs gives a deactivated user none.
CREATE OR REPLACE FUNCTION read_ack_sync_tasks(p_org integer, p_document integer, p_users integer[], p_at timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- The readers' open tasks are locked first, in a statement of their own: one that another
  -- transaction is closing or completing (an acknowledgement, a cancel) is waited for, and the
  -- statement below then reads it as that transaction left it. Read in one statement, a task just
  -- closed elsewhere would still look open to the insert and a group's new member asked by another
  -- read acknowledgement would be left without one. (The services lock the P&P first; the group
  -- membership triggers, which call this too, do not.)
  PERFORM 1 FROM tasks t
    WHERE t.org_id = p_org AND t.user_id = ANY (p_users) AND t.document_id = p_document
      AND t.kind = 'Acknowledge' AND t.status = 1
    FOR UPDATE;
  WITH wanted AS (
    SELECT DISTINCT ON (r.user_id) r.user_id, a.id AS read_ack_id, a.pnp_id, a.due_dt
      FROM read_ack_readers r
      JOIN read_acknowledgements a ON a.org_id = r.org_id AND a.id = r.read_ack_id
      JOIN org_users u ON u.org_id = r.org_id AND u.id = r.user_id AND u.status = 1
     WHERE r.org_id = p_org AND r.user_id = ANY (p_users) AND r.completion = 0
       AND a.document_id = p_document AND a.status = 1
     ORDER BY r.user_id, a.due_dt NULLS LAST, a.created_at, a.id
  ),
  closed AS (
    UPDATE tasks t SET status = 3, updated_at = p_at
     WHERE t.org_id = p_org AND t.user_id = ANY (p_users) AND t.document_id = p_document
       AND t.kind = 'Acknowledge' AND t.status = 1
       AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.user_id = t.user_id)
    RETURNING t.id
  ),
  pointed AS (
    UPDATE tasks t SET read_ack_id = w.read_ack_id, due_dt = w.due_dt, updated_at = p_at
      FROM wanted w
     WHERE t.org_id = p_org AND t.user_id = w.user_id AND t.document_id = p_document
       AND t.kind = 'Acknowledge' AND t.status = 1
       AND (t.read_ack_id IS DISTINCT FROM w.read_ack_id OR t.due_dt IS DISTINCT FROM w.due_dt)
    RETURNING t.id
  )
  INSERT INTO tasks (org_id, user_id, kind, status, pnp_id, document_id, read_ack_id, due_dt, created_at, updated_at)
  SELECT p_org, w.user_id, 'Acknowledge', 1, w.pnp_id, p_document, w.read_ack_id, w.due_dt, p_at, p_at
    FROM wanted w
   WHERE NOT EXISTS (SELECT 1 FROM tasks t
                      WHERE t.org_id = p_org AND t.user_id = w.user_id AND t.document_id = p_document
                        AND t.kind = 'Acknowledge' AND t.status = 1)
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- A later joiner of a reader group (migration 0008): their reader row as before; their task is the
-- one they hold on the version if they hold one, else a new one.
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
        PERFORM read_ack_sync_tasks(NEW.org_id, ra.document_id, ARRAY[NEW.user_id], now());
      END IF;
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A leaver of the group a reader was asked through (migrations 0016 and 0049): taken off that read
-- acknowledgement as before; their task stays while another Active one of the version asks them.
CREATE OR REPLACE FUNCTION read_ack_group_left() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_other integer;
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
      UPDATE read_acknowledgements a SET status = 2, closed_at = now(), updated_at = now()
       WHERE a.org_id = OLD.org_id AND a.id = r.read_ack_id AND a.status = 1
         AND NOT EXISTS (SELECT 1 FROM read_ack_readers x
                          WHERE x.org_id = a.org_id AND x.read_ack_id = a.id AND x.completion = 0);
      PERFORM read_ack_sync_tasks(OLD.org_id, r.document_id, ARRAY[OLD.user_id], now());
    END IF;
  END LOOP;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Readers who hold several open Acknowledge tasks on one version (one per read acknowledgement, as
-- before this rule) keep the oldest, the one they were first asked with; the others close, and the
-- one kept stands for the read acknowledgement due first.
DO $$
DECLARE
  g record;
BEGIN
  FOR g IN
    SELECT d.org_id, d.document_id, array_agg(d.user_id) AS users
      FROM (SELECT org_id, document_id, user_id
              FROM tasks
             WHERE kind = 'Acknowledge' AND status = 1 AND document_id IS NOT NULL AND delegated_from IS NULL
             GROUP BY org_id, document_id, user_id
            HAVING count(*) > 1) d
     GROUP BY d.org_id, d.document_id
  LOOP
    UPDATE tasks t SET status = 3, updated_at = now()
     WHERE t.org_id = g.org_id AND t.document_id = g.document_id AND t.user_id = ANY (g.users)
       AND t.kind = 'Acknowledge' AND t.status = 1 AND t.delegated_from IS NULL
       AND EXISTS (SELECT 1 FROM tasks o
                    WHERE o.org_id = t.org_id AND o.user_id = t.user_id AND o.document_id = t.document_id
                      AND o.kind = 'Acknowledge' AND o.status = 1 AND o.delegated_from IS NULL
                      AND (o.created_at, o.id) < (t.created_at, t.id));
    PERFORM read_ack_sync_tasks(g.org_id, g.document_id, g.users, now());
  END LOOP;
END
$$;
--> statement-breakpoint
-- The read acknowledgement no longer tells two open tasks apart.
DROP INDEX IF EXISTS tasks_one_open;
--> statement-breakpoint
CREATE UNIQUE INDEX tasks_one_open ON tasks
  (org_id, user_id, coalesce(document_id, 0), kind, coalesce(delegated_from, 0))
  WHERE status = 1;
