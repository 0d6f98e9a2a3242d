-- The open copies of tasks a delegate holds (ADR 0011). The tasks list's session lookup asks whether
-- any of the caller's has lapsed (its window ended, was cleared or changed) so that the list closes
-- them only when there are some: without this index that question read every open task of the
-- caller (a thousand for a busy approver) to find the few copies among them.
CREATE INDEX IF NOT EXISTS tasks_held_copies_idx ON tasks (org_id, user_id) WHERE delegated_from IS NOT NULL AND status = 1;
