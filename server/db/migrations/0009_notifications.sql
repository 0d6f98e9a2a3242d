-- Notifications (issue 12): made by the database, in the transaction of the change that causes
-- them, whoever writes it. Tasks are inserted by the workflow, the read acknowledgements, the
-- review-reminder job and delegation; every workflow transition writes a workflow_history row.
-- Triggers on those two tables turn them into notifications for the right people, so no module
-- can forget one and a rolled-back change notifies nobody.
--
-- mailed_at: when the notification was handled for e-mail (sent at once, put in a daily summary,
-- or skipped because the user wants no e-mail); null until then. Notifications that exist before
-- this migration count as handled, so nobody receives a flood of old news.
ALTER TABLE notifications ADD COLUMN mailed_at timestamp with time zone;
--> statement-breakpoint
UPDATE notifications SET mailed_at = created_at;
--> statement-breakpoint
-- The bell's unread count: an index of the unread rows only.
CREATE INDEX notifications_unread_idx ON notifications (org_id, user_id) WHERE status = 1;
--> statement-breakpoint
-- The mail jobs read the notifications not handled yet, oldest first.
CREATE INDEX notifications_unmailed_idx ON notifications (created_at) WHERE mailed_at IS NULL;
--> statement-breakpoint
-- 'Mar 01, 2026' (the product's 'MMM dd, yyyy'), or null.
CREATE OR REPLACE FUNCTION notification_date(d date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(d, 'Mon DD, YYYY')
$$;
--> statement-breakpoint
-- The document screen of a version (orgs/{orgId}/pnps/{pnpId}/pnp_documents/{documentId}).
CREATE OR REPLACE FUNCTION notification_document_link(org integer, pnp integer, document integer)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN document IS NULL THEN '/orgs/' || org || '/tasks'
              ELSE '/orgs/' || org || '/pnps/' || pnp || '/pnp_documents/' || document END
$$;
--> statement-breakpoint
-- Every new open task tells its holder: "Approve 'Hand Hygiene' (step 1)".
CREATE OR REPLACE FUNCTION notify_task_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_pnp_name text;
  v_ack_document integer;
  v_ack_due date;
  v_review_due date;
  v_message text;
  v_link text;
BEGIN
  SELECT p.name INTO v_pnp_name FROM pnps p WHERE p.org_id = NEW.org_id AND p.id = NEW.pnp_id;
  IF v_pnp_name IS NULL THEN
    RETURN NULL;
  END IF;
  v_link := notification_document_link(NEW.org_id, NEW.pnp_id, NEW.document_id);
  CASE NEW.kind
    WHEN 'Author' THEN
      v_message := format('Author ''%s''', v_pnp_name);
    WHEN 'Review' THEN
      v_message := format('Review ''%s''', v_pnp_name);
    WHEN 'Approve' THEN
      v_message := format('Approve ''%s''', v_pnp_name)
        || CASE WHEN NEW.approval_step IS NULL THEN '' ELSE format(' (step %s)', NEW.approval_step) END;
    WHEN 'Publish' THEN
      v_message := format('Publish ''%s''', v_pnp_name);
    WHEN 'Acknowledge' THEN
      SELECT r.document_id, coalesce(NEW.due_dt, r.due_dt) INTO v_ack_document, v_ack_due
        FROM read_acknowledgements r WHERE r.org_id = NEW.org_id AND r.id = NEW.read_ack_id;
      v_ack_due := coalesce(v_ack_due, NEW.due_dt);
      v_message := format('Read and acknowledge ''%s''', v_pnp_name)
        || CASE WHEN v_ack_due IS NULL THEN '' ELSE ' by ' || notification_date(v_ack_due) END;
      -- Readers read in the library: the reading view of the version to acknowledge.
      v_link := '/orgs/' || NEW.org_id || '/pnps/' || NEW.pnp_id || '/library/'
        || coalesce(NEW.document_id, v_ack_document)::text;
      IF NEW.document_id IS NULL AND v_ack_document IS NULL THEN
        v_link := '/orgs/' || NEW.org_id || '/tasks';
      END IF;
    WHEN 'PendingRevision' THEN
      SELECT d.review_dt INTO v_review_due
        FROM pnp_documents d WHERE d.org_id = NEW.org_id AND d.id = NEW.document_id;
      v_review_due := coalesce(NEW.due_dt, v_review_due);
      v_message := format('Start Review or Extend ''%s''', v_pnp_name)
        || CASE WHEN v_review_due IS NULL THEN '' ELSE ': its review is due on ' || notification_date(v_review_due) END;
    ELSE
      v_message := format('%s ''%s''', NEW.kind, v_pnp_name);
  END CASE;
  INSERT INTO notifications (org_id, user_id, message, link, created_at)
  VALUES (NEW.org_id, NEW.user_id, v_message, v_link, NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_notify_assigned AFTER INSERT ON tasks
  FOR EACH ROW WHEN (NEW.status = 1) EXECUTE FUNCTION notify_task_assigned();
--> statement-breakpoint
-- A decline (with its comment), an approval and a publication tell the P&P's owners and authors
-- (groups expanded to their active members), except the person who acted.
CREATE OR REPLACE FUNCTION notify_workflow_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_pnp_name text;
  v_version_number integer;
  v_effective date;
  v_message text;
  v_link text;
BEGIN
  IF NEW.action NOT IN ('Decline', 'Approve', 'Publish') THEN
    RETURN NULL;
  END IF;
  SELECT p.name INTO v_pnp_name FROM pnps p WHERE p.org_id = NEW.org_id AND p.id = NEW.pnp_id;
  IF v_pnp_name IS NULL THEN
    RETURN NULL;
  END IF;
  v_link := notification_document_link(NEW.org_id, NEW.pnp_id, NEW.document_id);
  IF NEW.action = 'Decline' THEN
    v_message := format('%s declined ''%s''', NEW.actor_name, v_pnp_name)
      || CASE NEW.from_stage WHEN 3 THEN ' in Reviewing' WHEN 4 THEN format(' at approval step %s', NEW.from_step) ELSE '' END
      || CASE WHEN coalesce(NEW.comment, '') = '' THEN '' ELSE ': ' || NEW.comment END;
  ELSIF NEW.action = 'Approve' THEN
    v_message := format('%s approved ''%s''', NEW.actor_name, v_pnp_name)
      || CASE WHEN NEW.from_step IS NULL THEN '' ELSE format(' (step %s)', NEW.from_step) END
      || CASE WHEN coalesce(NEW.comment, '') = '' THEN '' ELSE ': ' || NEW.comment END;
  ELSE
    SELECT d.version_number, d.effective_dt INTO v_version_number, v_effective
      FROM pnp_documents d WHERE d.org_id = NEW.org_id AND d.id = NEW.document_id;
    v_message := format('%s published ''%s''', NEW.actor_name, v_pnp_name)
      || CASE WHEN v_version_number IS NULL THEN '' ELSE format(' (Version %s)', v_version_number) END
      || CASE WHEN v_effective IS NULL THEN '' ELSE ', effective ' || notification_date(v_effective) END;
  END IF;
  INSERT INTO notifications (org_id, user_id, message, link, created_at)
  SELECT DISTINCT NEW.org_id, u.id, v_message, v_link, NEW.created_at
    FROM pnps p
    JOIN access_grants g
      ON g.org_id = p.org_id AND g.role IN (1, 2)
     AND ((p.inherits_access AND g.container_id = p.access_source_id) OR (NOT p.inherits_access AND g.pnp_id = p.id))
    LEFT JOIN group_memberships m ON m.org_id = g.org_id AND m.group_id = g.group_id
    JOIN org_users u ON u.org_id = p.org_id AND u.id = coalesce(g.user_id, m.user_id) AND u.status = 1
   WHERE p.org_id = NEW.org_id AND p.id = NEW.pnp_id
     AND u.id IS DISTINCT FROM NEW.actor_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workflow_history_notify AFTER INSERT ON workflow_history
  FOR EACH ROW EXECUTE FUNCTION notify_workflow_event();
