-- Issue 17: the staff dashboard's "Users locked out" figure reads the users whose sign-in is locked
-- right now from an index of the locked ones alone; it read every user of every organisation on
-- each load (2,000 on the API bench's fixture; a provider serving a hundred hospitals has hundreds
-- of thousands, of whom a handful are locked at any time). The condition is the statement's own
-- (server/modules/hstm-dashboard/index.ts), so the planner can match the partial index.
CREATE INDEX org_users_locked_out_idx ON org_users (locked_until) WHERE status <> -1 AND locked_until IS NOT NULL;
