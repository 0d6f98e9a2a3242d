-- The P&Ps with participants of their own, by container: the binder or folder owner sees every P&P
-- in the containers they own, those with participants of their own too (product rules: "any role
-- on it or an ancestor"), and counting that part for a library page reads this index alone. Such
-- P&Ps are few, so it is small; the condition is the statements' own (`not inherits_access`).
CREATE INDEX pnps_own_participants_idx ON pnps (org_id, container_id) WHERE NOT inherits_access;
