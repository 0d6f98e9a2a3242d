-- Issue 17: the staff dashboard's newest users (any organisation, deleted ones left out) are read
-- from an index in their order and the walk stops after ten; it sorted every user of every
-- organisation to show ten (2,000 users on the API bench's fixture; a provider serving a hundred
-- hospitals has hundreds of thousands). The condition is the statement's own, written as a literal
-- there (server/modules/hstm-dashboard/index.ts), so the planner can match the partial index.
CREATE INDEX org_users_newest_idx ON org_users (created_at DESC, id DESC) WHERE status <> -1;
