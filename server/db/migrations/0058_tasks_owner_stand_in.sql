-- A Review or Approve task that one of the P&P's Owners holds in place of reviewers or approvers who
-- have all left (deactivated, or out of the group given the stage, while their grants stay:
-- server/modules/pnps/sign-off-holding.ts). Such a task is not answered by a sign-off: an Owner may
-- not accept a review and nobody is left to approve on behalf of, so the tasks list offers it Send to
-- Authors (and Decline on an approval step). The draft's task resync sets it when it opens the task
-- and keeps it right while the task is open (someone given the stage active again takes it back), so
-- the list reads it from the task's own row instead of working out each row's grants.
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS owner_stand_in boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- A delegate's copy of an Owner's task stands in as the Owner's task does (migration 0013, ADR 0011).
CREATE OR REPLACE FUNCTION tasks_route_to_delegate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tasks (org_id, user_id, kind, status, pnp_id, document_id, read_ack_id, approval_step, due_dt,
                     delegated_from, owner_stand_in, created_at, updated_at)
  SELECT NEW.org_id, d.delegate_id, NEW.kind, 1, NEW.pnp_id, NEW.document_id, NEW.read_ack_id, NEW.approval_step,
         NEW.due_dt, NEW.user_id, NEW.owner_stand_in, NEW.created_at, NEW.created_at
    FROM delegations d
    JOIN org_users u ON u.org_id = d.org_id AND u.id = d.delegate_id AND u.status = 1
   WHERE d.org_id = NEW.org_id AND d.user_id = NEW.user_id
     AND d.starts_at <= NEW.created_at AND NEW.created_at < d.ends_at
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The Owners' open stand-in tasks opened before this column: an open Review or Approve task whose
-- person (the away user, for a delegate's copy) is not given the stage, neither by a grant of their
-- own nor through a group they belong to, on the P&P's access source (its own grants, or those of
-- the container it inherits from: listEffectiveParticipants), and is given the Owner role there. Only
-- the Owners are given such tasks without being given the stage; another such task (one that a
-- resync has not yet closed) is not an Owner's and is left as it is.
UPDATE tasks t SET owner_stand_in = true
 WHERE t.status = 1 AND t.kind IN ('Review', 'Approve') AND NOT t.owner_stand_in
   AND EXISTS (
     SELECT 1
       FROM pnps p
       LEFT JOIN containers c ON c.org_id = p.org_id AND c.id = p.container_id
       JOIN access_grants g ON g.org_id = p.org_id
            AND ((p.inherits_access AND g.container_id = c.access_source_id)
              OR (NOT p.inherits_access AND g.pnp_id = p.id))
      WHERE p.org_id = t.org_id AND p.id = t.pnp_id AND g.role = 1
        AND (g.user_id = coalesce(t.delegated_from, t.user_id)
             OR EXISTS (SELECT 1 FROM group_memberships m
                         WHERE m.org_id = g.org_id AND m.group_id = g.group_id
                           AND m.user_id = coalesce(t.delegated_from, t.user_id))))
   AND NOT EXISTS (
     SELECT 1
       FROM pnps p
       LEFT JOIN containers c ON c.org_id = p.org_id AND c.id = p.container_id
       JOIN access_grants g ON g.org_id = p.org_id
            AND ((p.inherits_access AND g.container_id = c.access_source_id)
              OR (NOT p.inherits_access AND g.pnp_id = p.id))
      WHERE p.org_id = t.org_id AND p.id = t.pnp_id
        AND g.role = CASE t.kind WHEN 'Review' THEN 3 ELSE 4 END
        AND (t.kind = 'Review' OR g.approval_step = coalesce(t.approval_step, 1))
        AND (g.user_id = coalesce(t.delegated_from, t.user_id)
             OR EXISTS (SELECT 1 FROM group_memberships m
                         WHERE m.org_id = g.org_id AND m.group_id = g.group_id
                           AND m.user_id = coalesce(t.delegated_from, t.user_id))));
