import { sql, type SQL } from 'drizzle-orm';
import type { Refusal } from '../../../shared/api/user-bulk-assign';
import { ObjectRole } from '../../../shared/domain/roles';
import {
  DraftStage,
  PnpStatus,
  TaskKind,
  TaskStatus,
  UserStatus,
  VersionStatus,
} from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import type { ItemIds } from './items.repo';
import { heldBy, type Subject } from './subjects.repo';

export interface GrantRow {
  id: number;
  container_id: number | null;
  pnp_id: number | null;
  role: number;
  approval_step: number | null;
}

/** The subject's own grants of the roles on the items: what a run changes. */
export async function selectGrants(
  db: Executor,
  orgId: number,
  subject: Subject,
  roles: readonly number[],
  items: ItemIds,
): Promise<GrantRow[]> {
  return queryRows<GrantRow>(
    db,
    sql`select g.id, g.container_id, g.pnp_id, g.role::int as role, g.approval_step::int as approval_step
          from access_grants g
         where g.org_id = ${orgId} and ${heldBy(subject)} and g.role = any(${intArray(roles)})
           and (g.container_id = any(${intArray(items.containerIds)}) or g.pnp_id = any(${intArray(items.pnpIds)}))
         order by g.id`,
  );
}

/** Gives every target the same role (and approval step) on the same node as each grant given. */
export async function copyGrantsTo(
  db: Executor,
  orgId: number,
  grantIds: number[],
  targets: Array<Pick<Subject, 'type' | 'id'>>,
  at: Date,
): Promise<void> {
  if (grantIds.length === 0 || targets.length === 0) return;
  const values = sql.join(
    targets.map((t) => (t.type === 'User' ? sql`(${t.id}::int, null::int)` : sql`(null::int, ${t.id}::int)`)),
    sql`, `,
  );
  await db.execute(
    sql`insert into access_grants (org_id, container_id, pnp_id, user_id, group_id, role, approval_step, created_at)
        select g.org_id, g.container_id, g.pnp_id, t.user_id, t.group_id, g.role, g.approval_step, ${at.toISOString()}::timestamptz
          from access_grants g cross join (values ${values}) as t(user_id, group_id)
         where g.org_id = ${orgId} and g.id = any(${intArray(grantIds)})
        on conflict do nothing`,
  );
}

/**
 * Moves on the lock version of the P&Ps whose own participants these grants are: an Assignments
 * editor opened before the run is refused on save (409) instead of putting the people back.
 */
export async function touchPnpsOfGrants(db: Executor, orgId: number, grantIds: number[]): Promise<void> {
  if (grantIds.length === 0) return;
  await db.execute(sql`update pnps set lock_version = lock_version + 1
                        where org_id = ${orgId}
                          and id in (select pnp_id from access_grants
                                      where org_id = ${orgId} and id = any(${intArray(grantIds)}) and pnp_id is not null)`);
}

export async function deleteGrants(db: Executor, orgId: number, grantIds: number[]): Promise<void> {
  if (grantIds.length === 0) return;
  await db.execute(sql`delete from access_grants where org_id = ${orgId} and id = any(${intArray(grantIds)})`);
}

/**
 * The P&Ps whose participants come from the nodes of these grants: a P&P's own grants, or a
 * container's for every P&P that inherits from it (its materialised access source).
 */
const reachedPnps = (orgId: number, grantIds: number[]): SQL => sql`
  touched as (select container_id, pnp_id from access_grants where org_id = ${orgId} and id = any(${intArray(grantIds)})),
  reached as (
    select p.id as pnp_id, p.name::text as name, p.inherits_access as inherits, p.status = ${PnpStatus.Retired} as retired,
           case when p.inherits_access then p.access_source_id else p.id end as source_key
      from pnps p
     where p.org_id = ${orgId}
       and ((not p.inherits_access and p.id in (select pnp_id from touched where pnp_id is not null))
         or (p.inherits_access and p.access_source_id in (select container_id from touched where container_id is not null)))
  )`;

/** Grants (alias g) that make up the participants of a reached P&P (alias r). */
const onSourceOf = sql`((r.inherits and g.container_id = r.source_key) or (not r.inherits and g.pnp_id = r.source_key))`;

/**
 * A grant (alias g) held by someone who can act on it: an active user, or a group with an active
 * member. An inactive user keeps their roles until they are handed over, and gets no tasks.
 */
const canAct = sql`(exists (select 1 from org_users au
                             where au.org_id = g.org_id and au.id = g.user_id and au.status = ${UserStatus.Active})
                    or exists (select 1 from group_memberships am
                                 join org_users au on au.org_id = am.org_id and au.id = am.user_id and au.status = ${UserStatus.Active}
                                where am.org_id = g.org_id and am.group_id = g.group_id))`;

/**
 * Product rules: a removal must not leave a P&P with no Owner, nor a draft's current approval step
 * with no approver. The P&Ps that taking these grants away would leave so, and why. Those left are
 * counted only when they can act: an inactive Owner or an empty group would leave the work to nobody.
 * A draft in Approving with no step recorded is at step 1, as the workflow and the reports read it.
 * A retired P&P has no work waiting for an Owner: it is not counted, as a leaver's hand-over and a
 * group's deletion do not count it (an org admin who restores it manages it).
 */
export async function refusalsOfRemoving(db: Executor, orgId: number, grantIds: number[]): Promise<Refusal[]> {
  if (grantIds.length === 0) return [];
  const removed = intArray(grantIds);
  const rows = await queryRows<{ id: number; name: string; no_owner: boolean; empty_step: number | null }>(
    db,
    sql`with ${reachedPnps(orgId, grantIds)}
        select r.pnp_id as id, r.name,
               (exists (select 1 from access_grants g where g.org_id = ${orgId} and ${onSourceOf}
                           and g.role = ${ObjectRole.Owner} and g.id = any(${removed}))
                and not exists (select 1 from access_grants g where g.org_id = ${orgId} and ${onSourceOf}
                                   and g.role = ${ObjectRole.Owner} and g.id <> all(${removed}) and ${canAct})) as no_owner,
               (select coalesce(d.approval_step, 1)::int from pnp_documents d
                 where d.org_id = ${orgId} and d.pnp_id = r.pnp_id and d.status = ${VersionStatus.Draft}
                   and d.draft_stage = ${DraftStage.Approving}
                   and exists (select 1 from access_grants g where g.org_id = ${orgId} and ${onSourceOf}
                                  and g.role = ${ObjectRole.Approver} and g.approval_step = coalesce(d.approval_step, 1)
                                  and g.id = any(${removed}))
                   and not exists (select 1 from access_grants g where g.org_id = ${orgId} and ${onSourceOf}
                                      and g.role = ${ObjectRole.Approver} and g.approval_step = coalesce(d.approval_step, 1)
                                      and g.id <> all(${removed}) and ${canAct})) as empty_step
          from reached r
         where not r.retired
         order by r.name, r.pnp_id`,
  );
  const refusals: Refusal[] = [];
  for (const r of rows) {
    if (r.no_owner) refusals.push({ item_type: 3, id: r.id, name: r.name, reason: `${r.name} would have no Owner.` });
    if (r.empty_step !== null) {
      refusals.push({
        item_type: 3,
        id: r.id,
        name: r.name,
        reason: `${r.name} is waiting for approval at step ${r.empty_step}, which would have no approver.`,
      });
    }
  }
  return refusals;
}

/** The reached P&Ps whose open tasks may follow the people: those with a Draft or an open reminder. */
export async function pnpsWithOpenWork(db: Executor, orgId: number, grantIds: number[]): Promise<number[]> {
  if (grantIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with ${reachedPnps(orgId, grantIds)}
        select r.pnp_id as id from reached r
         where exists (select 1 from pnp_documents d
                        where d.org_id = ${orgId} and d.pnp_id = r.pnp_id and d.status = ${VersionStatus.Draft})
            or exists (select 1 from tasks t
                        where t.org_id = ${orgId} and t.pnp_id = r.pnp_id
                          and t.kind = ${TaskKind.PendingRevision} and t.status = ${TaskStatus.Open})
         order by r.pnp_id`,
  );
  return rows.map((r) => r.id);
}
