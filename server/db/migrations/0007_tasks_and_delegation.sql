-- Issue 12, tasks: the tasks screen walks a user's tasks newest first and stops at its page, with a
-- status (the open ones, usually) or without one.
CREATE INDEX IF NOT EXISTS tasks_user_status_created_idx ON tasks (org_id, user_id, status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tasks_user_created_idx ON tasks (org_id, user_id, created_at DESC, id DESC);
--> statement-breakpoint
-- Closing a version's or a P&P's open tasks (stage left, draft cancelled, P&P retired) finds them here.
CREATE INDEX IF NOT EXISTS tasks_document_open_idx ON tasks (org_id, document_id) WHERE status = 1;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tasks_pnp_open_idx ON tasks (org_id, pnp_id) WHERE status = 1;
