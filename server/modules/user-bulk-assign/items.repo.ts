import { sql, type SQL } from 'drizzle-orm';
import type { AssignedItem, SelectedContainer } from '../../../shared/api/user-bulk-assign';
import { OBJECT_ROLE_NAMES, type ObjectRole } from '../../../shared/domain/roles';
import { TaskStatus, UserStatus, VersionStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { heldBy, type Subject } from './subjects.repo';

/** Item ids split by kind: binders and folders share the containers' id space, P&Ps have their own. */
export interface ItemIds {
  containerIds: number[];
  pnpIds: number[];
}

export function splitItems(items: SelectedContainer[]): ItemIds {
  return {
    containerIds: [...new Set(items.filter((i) => i.item_type !== 3).map((i) => i.id))],
    pnpIds: [...new Set(items.filter((i) => i.item_type === 3).map((i) => i.id))],
  };
}

/** The chosen items that do not exist in this organisation (or are not of the type named). */
export async function missingItems(
  db: Executor,
  orgId: number,
  items: SelectedContainer[],
): Promise<SelectedContainer[]> {
  const { containerIds, pnpIds } = splitItems(items);
  const found = await queryRows<{ item_type: number; id: number }>(
    db,
    sql`select type::int as item_type, id from containers where org_id = ${orgId} and id = any(${intArray(containerIds)})
        union all
        select 3, id from pnps where org_id = ${orgId} and id = any(${intArray(pnpIds)})`,
  );
  const keys = new Set(found.map((f) => `${f.item_type}:${f.id}`));
  return items.filter((i) => !keys.has(`${i.item_type}:${i.id}`));
}

export const roleName = (role: number, step: number | null): string =>
  role === 4 ? `Approver (Step ${step ?? 1})` : (OBJECT_ROLE_NAMES[role as ObjectRole] ?? `Role ${role}`);

/** The source's open tasks (a group's: its active members'), as a condition on tasks alias t. */
const sourceTasks = (subject: Subject): SQL =>
  subject.type === 'User'
    ? sql`t.user_id = ${subject.id}`
    : sql`t.user_id in (select m.user_id from group_memberships m
                          join org_users u on u.org_id = m.org_id and u.id = m.user_id and u.status = ${UserStatus.Active}
                         where m.org_id = t.org_id and m.group_id = ${subject.id})`;

interface ItemRow {
  item_type: 1 | 2 | 3;
  id: number;
  name: string;
  location: string;
  status: number | null;
  roles: string;
  versions: string;
  open_tasks: number;
}

/**
 * The binders, folders and P&Ps on which the subject directly holds one of the roles (restricted to
 * `only` when given), with the roles, the P&P's Active and Draft versions, and the source's open
 * tasks there. Ordered by place in the library.
 */
export async function listAssignedItems(
  db: Executor,
  orgId: number,
  subject: Subject,
  roles: readonly number[],
  only?: ItemIds,
): Promise<AssignedItem[]> {
  const restrict = only
    ? sql`and (g.container_id = any(${intArray(only.containerIds)}) or g.pnp_id = any(${intArray(only.pnpIds)}))`
    : sql``;
  const rows = await queryRows<ItemRow>(
    db,
    sql`with g as (
          select g.container_id, g.pnp_id, g.role, g.approval_step from access_grants g
           where g.org_id = ${orgId} and ${heldBy(subject)} and g.role = any(${intArray(roles)}) ${restrict}
        ),
        roles_of as (
          select container_id, pnp_id,
                 json_agg(json_build_object('role', role, 'approval_step', approval_step) order by role, approval_step)::text as roles
            from g group by container_id, pnp_id
        )
        select c.type::int as item_type, c.id, c.name::text as name, c.location, null::int as status, r.roles,
               '[]' as versions,
               -- The source's open tasks on the P&Ps that take their participants from this binder or
               -- folder: those a reassignment here moves (a binder said 0 while they moved).
               (select count(*)::int from tasks t
                  join pnps ip on ip.org_id = ${orgId} and ip.id = t.pnp_id
                 where t.org_id = ${orgId} and t.status = ${TaskStatus.Open} and ${sourceTasks(subject)}
                   and ip.inherits_access and ip.access_source_id = c.id) as open_tasks
          from roles_of r join containers c on c.org_id = ${orgId} and c.id = r.container_id
        union all
        select 3, p.id, p.name::text, pc.location, p.status::int, r.roles,
               coalesce((select json_agg(json_build_object('id', d.id, 'status', d.status, 'version_number', d.version_number,
                                                          'draft_stage', d.draft_stage, 'approval_step', d.approval_step)
                                         order by d.status)
                           from pnp_documents d
                          where d.org_id = ${orgId} and d.pnp_id = p.id
                            and d.status in (${VersionStatus.Draft}, ${VersionStatus.Active}))::text, '[]'),
               (select count(*)::int from tasks t
                 where t.org_id = ${orgId} and t.pnp_id = p.id and t.status = ${TaskStatus.Open} and ${sourceTasks(subject)})
          from roles_of r
          join pnps p on p.org_id = ${orgId} and p.id = r.pnp_id
          join containers pc on pc.org_id = ${orgId} and pc.id = p.container_id
        order by 4, 1, 3, 2`,
  );
  return rows.map((r) => ({
    item_type: r.item_type,
    id: r.id,
    name: r.name,
    location: r.location,
    status: r.status,
    roles: (JSON.parse(r.roles) as Array<{ role: number; approval_step: number | null }>).map((g) => ({
      role: g.role,
      approval_step: g.approval_step,
      role_name: roleName(g.role, g.approval_step),
    })),
    versions: JSON.parse(r.versions) as AssignedItem['versions'],
    open_tasks: r.open_tasks,
  }));
}
