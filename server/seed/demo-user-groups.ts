import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { changeLogs } from '../db/schema/index';

const DAY = 24 * 3_600_000;

/**
 * The demo's user groups already exist (demo.ts); this gives the groups an admin made their
 * history, so each group's Change Logs section has something to show: a 'Create' entry by the org
 * admin, with the name, description and members it was made with. System groups are made by the
 * system and have none.
 *
 * Runs in the demo organisation's system transaction; does nothing when the groups already have
 * entries (a second start) or the organisation has no admin.
 */
export async function seedDemoUserGroupLogs(tx: Tx, orgId: number, now: Date): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from change_logs where org_id = ${orgId} and object_type = 'UserGroup'`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const [admin] = await queryRows<{ id: number; name: string; email: string }>(
    tx,
    sql`select id, first_name || ' ' || last_name as name, email from org_users
         where org_id = ${orgId} and is_admin and status = 1 order by id limit 1`,
  );
  if (!admin) return;
  const groups = await queryRows<{ id: number; name: string; description: string | null; members: string[] }>(
    tx,
    sql`select g.id, g.name, g.description,
               coalesce(array_agg(u.first_name || ' ' || u.last_name order by u.first_name)
                          filter (where u.id is not null), '{}') as members
          from user_groups g
          left join group_memberships m on m.org_id = g.org_id and m.group_id = g.id
          left join org_users u on u.org_id = m.org_id and u.id = m.user_id
         where g.org_id = ${orgId} and g.created_by_source <> 'System'
         group by g.id order by g.id`,
  );
  if (groups.length === 0) return;
  await tx.insert(changeLogs).values(
    groups.map((g, index) => ({
      orgId,
      objectType: 'UserGroup',
      objectId: g.id,
      objectName: g.name,
      actionName: 'Create',
      deltas: {
        changed: { name: [null, g.name], ...(g.description ? { description: [null, g.description] } : {}) },
        ...(g.members.length ? { group_member_users_added: g.members.map((name) => ({ name })) } : {}),
      },
      createdByUserId: admin.id,
      createdByUser: admin.name,
      createdByEmail: admin.email,
      createdAt: new Date(now.getTime() - (30 - index) * DAY),
    })),
  );
}
