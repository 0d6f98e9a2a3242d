-- Issue 17: the user groups list counted every membership of the organisation on every request (a
-- join of all memberships with all users, 9 ms p50 for 41 groups of 2,000 users on the API bench's
-- fixture, 7% of the floor's req/s). Each group now keeps its member count (members not deleted:
-- inactive members stay members), maintained by triggers in the same transaction as every change
-- of a membership or of a user's status, whatever code path makes it.
-- `group-member-counts.test.ts` holds the column equal to a from-scratch count after random changes.
--
-- Concurrency: a membership change locks its users' rows (FOR SHARE) before it reads their status,
-- and a change of status locks the user's row by updating it, so the two are ordered: whichever
-- comes second sees what the first committed. Both take the user's row before the groups' rows,
-- and the groups' rows in id order, with FOR NO KEY UPDATE (as the count's own UPDATE does), which
-- does not wait for the key-share locks that a new membership's foreign key check holds on them:
-- two transactions cannot deadlock on them.
-- A user's row is deleted only with its organisation (users are deleted by status), whose groups
-- go with it: a membership removed by that cascade finds no user and changes no count.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
ALTER TABLE user_groups ADD COLUMN members_count integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE user_groups g SET members_count = c.n
  FROM (SELECT m.org_id, m.group_id, count(*)::integer AS n
          FROM group_memberships m
          JOIN org_users u ON u.org_id = m.org_id AND u.id = m.user_id AND u.status <> -1
         GROUP BY m.org_id, m.group_id) c
 WHERE g.org_id = c.org_id AND g.id = c.group_id;
--> statement-breakpoint
-- Memberships added (+1) or removed (-1) by one statement: each group moves by its net change.
CREATE OR REPLACE FUNCTION group_members_count_move(v_org integer[], v_group integer[], v_user integer[], v_sign integer[])
RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM org_users u
   WHERE (u.org_id, u.id) IN (SELECT o, i FROM unnest(v_org, v_user) c(o, i))
   ORDER BY u.org_id, u.id FOR SHARE;
  SELECT 1 FROM user_groups g
   WHERE (g.org_id, g.id) IN (SELECT o, i FROM unnest(v_org, v_group) c(o, i))
   ORDER BY g.org_id, g.id FOR NO KEY UPDATE;
  UPDATE user_groups g SET members_count = g.members_count + d.n
    FROM (SELECT c.org_id, c.group_id, sum(c.sign)::integer AS n
            FROM unnest(v_org, v_group, v_user, v_sign) c(org_id, group_id, user_id, sign)
            JOIN org_users u ON u.org_id = c.org_id AND u.id = c.user_id AND u.status <> -1
           GROUP BY c.org_id, c.group_id) d
   WHERE g.org_id = d.org_id AND g.id = d.group_id AND d.n <> 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_memberships_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM group_members_count_move(array_agg(org_id), array_agg(group_id), array_agg(user_id),
                                     array_agg(1)) FROM added HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM group_members_count_move(array_agg(org_id), array_agg(group_id), array_agg(user_id),
                                     array_agg(-1)) FROM removed HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER group_memberships_counted_insert AFTER INSERT ON group_memberships
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION group_memberships_counted();
--> statement-breakpoint
CREATE TRIGGER group_memberships_counted_delete AFTER DELETE ON group_memberships
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION group_memberships_counted();
--> statement-breakpoint
CREATE TRIGGER group_memberships_counted_update AFTER UPDATE ON group_memberships
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION group_memberships_counted();
--> statement-breakpoint
-- A user deleted (or brought back) leaves (or rejoins) the count of every group they are in.
CREATE OR REPLACE FUNCTION org_users_group_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_groups g
    JOIN group_memberships m ON m.org_id = g.org_id AND m.group_id = g.id
   WHERE m.org_id = NEW.org_id AND m.user_id = NEW.id
   ORDER BY g.id FOR NO KEY UPDATE OF g;
  UPDATE user_groups g SET members_count = g.members_count + CASE WHEN NEW.status = -1 THEN -1 ELSE 1 END
    FROM group_memberships m
   WHERE m.org_id = NEW.org_id AND m.user_id = NEW.id AND g.org_id = m.org_id AND g.id = m.group_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER org_users_group_counted AFTER UPDATE OF status ON org_users
  FOR EACH ROW WHEN ((OLD.status = -1) IS DISTINCT FROM (NEW.status = -1))
  EXECUTE FUNCTION org_users_group_counted();
