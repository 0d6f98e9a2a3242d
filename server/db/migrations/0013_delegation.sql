-- Issue 12, delegation while away (ADR 0011). A user (or an org admin for them) says "away from
-- starts_at to ends_at, my tasks go to delegate_id". One window per user: setting it again replaces
-- it, so two windows of one person never overlap. The window is active while
-- starts_at <= now < ends_at; nothing has to run for it to start or end.
CREATE TABLE delegations (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  delegate_id integer NOT NULL,
  starts_at timestamp with time zone NOT NULL,
  ends_at timestamp with time zone NOT NULL,
  created_by integer,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT delegations_org_id_id_key UNIQUE (org_id, id),
  CONSTRAINT delegations_not_self CHECK (delegate_id <> user_id),
  CONSTRAINT delegations_ends_after_start CHECK (ends_at > starts_at),
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, delegate_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX delegations_one_per_user ON delegations (org_id, user_id);
--> statement-breakpoint
CREATE INDEX delegations_delegate_idx ON delegations (org_id, delegate_id, ends_at);
--> statement-breakpoint
ALTER TABLE delegations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE delegations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON delegations
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- A delegate's copy of an away user's task names the away user here; the away user keeps their own
-- task. Both are one person-slot: whichever of the two acts, both close.
ALTER TABLE tasks ADD COLUMN delegated_from integer;
--> statement-breakpoint
ALTER TABLE tasks ADD CONSTRAINT tasks_delegated_from_fk
  FOREIGN KEY (org_id, delegated_from) REFERENCES org_users (org_id, id) ON DELETE CASCADE;
--> statement-breakpoint
-- One open task per (user, version or read acknowledgement, kind, and for whom): a delegate who is an
-- approver of the step too holds their own task and the away approver's copy.
DROP INDEX IF EXISTS tasks_one_open;
--> statement-breakpoint
CREATE UNIQUE INDEX tasks_one_open ON tasks
  (org_id, user_id, coalesce(document_id, 0), coalesce(read_ack_id, 0), kind, coalesce(delegated_from, 0))
  WHERE status = 1;
--> statement-breakpoint
CREATE INDEX tasks_delegated_open_idx ON tasks (org_id, delegated_from) WHERE delegated_from IS NOT NULL AND status = 1;
--> statement-breakpoint
-- "X for Y": who acted (actor_id, actor_name 'X for Y') and for whom.
ALTER TABLE workflow_history ADD COLUMN on_behalf_of_id integer;
--> statement-breakpoint
ALTER TABLE workflow_history ADD COLUMN on_behalf_of_name varchar(255);
--> statement-breakpoint
-- Every new open task of a user who is away (the task's created_at inside their window) is copied to
-- their delegate, whichever code path inserts it: the workflow, read-acknowledgement group joins,
-- the daily review reminders, seeds. The copy's own insert notifies the delegate (migration 0009).
-- Acknowledge tasks stay personal: reading and acknowledging is not something to delegate. Copies
-- are not copied again (no chains), and an inactive delegate gets nothing.
CREATE OR REPLACE FUNCTION tasks_route_to_delegate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tasks (org_id, user_id, kind, status, pnp_id, document_id, read_ack_id, approval_step, due_dt,
                     delegated_from, created_at, updated_at)
  SELECT NEW.org_id, d.delegate_id, NEW.kind, 1, NEW.pnp_id, NEW.document_id, NEW.read_ack_id, NEW.approval_step,
         NEW.due_dt, NEW.user_id, NEW.created_at, NEW.created_at
    FROM delegations d
    JOIN org_users u ON u.org_id = d.org_id AND u.id = d.delegate_id AND u.status = 1
   WHERE d.org_id = NEW.org_id AND d.user_id = NEW.user_id
     AND d.starts_at <= NEW.created_at AND NEW.created_at < d.ends_at
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_route_to_delegate AFTER INSERT ON tasks
  FOR EACH ROW WHEN (NEW.status = 1 AND NEW.delegated_from IS NULL AND NEW.kind <> 'Acknowledge')
  EXECUTE FUNCTION tasks_route_to_delegate();
