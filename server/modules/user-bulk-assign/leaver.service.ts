import { sql } from 'drizzle-orm';
import type { LeaverBody, LeaverResult, LeaverSummary } from '../../../shared/api/user-bulk-assign';
import { OBJECT_ROLE_IDS, ObjectRole } from '../../../shared/domain/roles';
import {
  TASK_KIND_LABELS,
  TaskKind,
  TaskStatus,
  UserStatus,
  type TaskKind as Kind,
} from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { listAssignees, withRole } from '../pnps/participants';
import { listAssignedItems } from './items.repo';
import { runReassignment } from './reassignment.run';
import { findSubjects, groupsWithNoActiveMember, type Subject } from './subjects.repo';
import { endUserParticipation } from '../users/user-leaving';
import { listItemsStrandedWithout } from '../user-groups/group-assignments.repo';

const ALL_ROLES = [...OBJECT_ROLE_IDS];

async function loadLeaver(ctx: OrgCtx, userId: number): Promise<Subject & { email: string }> {
  const rows = await queryRows<Subject & { email: string }>(
    ctx.tx,
    sql`select 'User'::text as type, id, (first_name || ' ' || last_name)::text as name, status::int as status, email::text as email
          from org_users where org_id = ${ctx.orgId} and id = ${userId} and status <> ${UserStatus.Deleted}`,
  );
  if (!rows[0]) throw notFound('The user');
  return rows[0];
}

function openTasksOf(ctx: OrgCtx, userId: number) {
  return queryRows<{ id: number; kind: string; pnp_id: number; pnp_name: string; due_dt: string | null }>(
    ctx.tx,
    sql`select t.id, t.kind::text as kind, t.pnp_id, p.name::text as pnp_name, t.due_dt::text as due_dt
          from tasks t join pnps p on p.org_id = t.org_id and p.id = t.pnp_id
         where t.org_id = ${ctx.orgId} and t.user_id = ${userId} and t.status = ${TaskStatus.Open}
         order by p.name, t.kind, t.id`,
  );
}

/** GET leaver/{userId}: everything the person owns, authors, reviews, approves and must read, and who could take it. */
export async function leaverSummary(ctx: OrgCtx, userId: number): Promise<LeaverSummary> {
  const user = await loadLeaver(ctx, userId);
  const groups = await queryRows<{ id: number; name: string }>(
    ctx.tx,
    sql`select g.id, g.name::text as name from group_memberships m
          join user_groups g on g.org_id = m.org_id and g.id = m.group_id
         where m.org_id = ${ctx.orgId} and m.user_id = ${userId}
         order by lower(g.name), g.id`,
  );
  const colleagues = await queryRows<{ id: number; name: string }>(
    ctx.tx,
    sql`select distinct u.id, (u.first_name || ' ' || u.last_name)::text as name
          from group_memberships m
          join group_memberships mine on mine.org_id = m.org_id and mine.group_id = m.group_id and mine.user_id = ${userId}
          join org_users u on u.org_id = m.org_id and u.id = m.user_id and u.status = ${UserStatus.Active}
         where m.org_id = ${ctx.orgId} and m.user_id <> ${userId}
         order by 2, 1`,
  );
  const tasks = await openTasksOf(ctx, userId);
  return {
    user: { id: user.id, name: user.name, email: user.email, status: user.status ?? UserStatus.Active },
    items: await listAssignedItems(ctx.tx, ctx.orgId, user, ALL_ROLES),
    open_tasks: tasks.map((t) => ({ ...t, kind_label: TASK_KIND_LABELS[t.kind as Kind] ?? t.kind })),
    groups,
    proposed_targets: colleagues.map((c) => ({ type: 'User' as const, ...c })),
  };
}

/** How many P&Ps one group of the leaver names in a refusal. */
const OWNERLESS_SHOWN = 50;

/**
 * The P&Ps (not retired) left with no Owner who can act once the leaver is inactive: they owned
 * them through a group that has no other active member, and no other active Owner is there (the
 * same count as Remove from assignments). Asked after the hand-over and the deactivation, in the
 * same transaction, so their own roles have gone to the targets already.
 */
async function ownedOnlyThroughTheirGroups(ctx: OrgCtx, userId: number): Promise<Array<{ id: number; name: string }>> {
  const groups = await queryRows<{ id: number }>(
    ctx.tx,
    sql`select group_id as id from group_memberships where org_id = ${ctx.orgId} and user_id = ${userId} order by group_id`,
  );
  const found = new Map<number, string>();
  for (const g of groups) {
    for (const item of await listItemsStrandedWithout(ctx.tx, ctx.orgId, g.id, [userId], OWNERLESS_SHOWN)) {
      if (item.loses_owner) found.set(item.pnp_id, item.name);
    }
  }
  return [...found]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
}

/**
 * POST leaver/{userId}: hands every role the person holds to the targets (a reassignment of all
 * roles on all their items), closes what is left of their open tasks (personal ones: what they had
 * to read), and deactivates them, in one transaction. Refused, with nothing changed, when a draft
 * waiting for their approval would be left with no approver, or a P&P with no Owner (they approved
 * or owned through a group that has nobody else): the admin is told which, as Remove from
 * assignments does, and hands the group's role over first.
 */
export async function handOverLeaver(ctx: OrgCtx, userId: number, body: LeaverBody): Promise<LeaverResult> {
  const user = await loadLeaver(ctx, userId);
  if (user.id === ctx.actor.userId)
    throw unprocessable('You cannot hand over your own responsibilities and deactivate yourself.');
  const found = await findSubjects(ctx.tx, ctx.orgId, body.targets);
  const targets: Subject[] = [];
  for (const ref of body.targets) {
    const t = found.get(`${ref.type}:${ref.id}`);
    if (!t) throw notFound(ref.type === 'User' ? 'The user' : 'The group');
    if (!targets.includes(t)) targets.push(t);
  }
  const errors = [
    ...targets
      .filter((t) => t.type === 'User' && t.id === user.id)
      .map(() => `${user.name} cannot take over from themselves.`),
    ...targets
      .filter((t) => t.type === 'User' && t.id !== user.id && t.status !== UserStatus.Active)
      .map((t) => `${t.name} is not an active user and cannot receive assignments.`),
    ...(await groupsWithNoActiveMember(ctx.tx, ctx.orgId, targets, user.id)).map((g) =>
      g.only_leaver
        ? `${g.name} has no active members other than ${user.name} and cannot take over.`
        : `${g.name} has no active members and cannot take over.`,
    ),
  ];
  if (errors.length) throw unprocessable(...errors);

  // The steps the leaver approves: an Owner standing in for a step whose approvers have all left
  // holds its task without being its approver, so handing them over leaves the step as it was.
  const awaitingApproval = await queryRows<{ pnp_id: number; name: string; step: number | null }>(
    ctx.tx,
    sql`select distinct t.pnp_id, p.name::text as name, t.approval_step::int as step from tasks t
          join pnps p on p.org_id = t.org_id and p.id = t.pnp_id
         where t.org_id = ${ctx.orgId} and t.user_id = ${userId} and t.kind = ${TaskKind.Approve}
           and t.status = ${TaskStatus.Open} and t.delegated_from is null and not t.owner_stand_in`,
  );
  const items = await listAssignedItems(ctx.tx, ctx.orgId, user, ALL_ROLES);
  const itemCount = items.length
    ? await runReassignment(
        ctx.tx,
        ctx.orgId,
        ctx.actor,
        {
          type: 'reassign',
          source: user,
          targets,
          roles: ALL_ROLES,
          items: items.map((i) => ({ item_type: i.item_type, id: i.id })),
        },
        ctx.now,
      )
    : 0;

  await ctx.tx.execute(
    sql`update org_users set status = ${UserStatus.Inactive}, updated_at = ${ctx.now.toISOString()}::timestamptz
         where org_id = ${ctx.orgId} and id = ${userId}`,
  );
  const empty: string[] = [];
  for (const a of awaitingApproval) {
    const { assignees } = await listAssignees(ctx.tx, ctx.orgId, a.pnp_id);
    if (withRole(assignees, ObjectRole.Approver, a.step ?? 1).length === 0) {
      empty.push(`${a.name} is waiting for approval at step ${a.step ?? 1}, which would have no approver.`);
    }
  }
  // Someone deactivated earlier leaves nobody now: only a leaver who could act is asked about.
  const ownerless = user.status === UserStatus.Active ? await ownedOnlyThroughTheirGroups(ctx, userId) : [];
  if (empty.length + ownerless.length > 0) {
    const role = ownerless.length === 0 ? 'approves' : empty.length === 0 ? 'is an Owner' : 'is an Owner and approves';
    throw unprocessable(
      `Nothing was changed: ${user.name} ${role} through a group that has nobody else.`,
      ...ownerless.map((p) => `${p.name} would have no Owner.`),
      ...empty,
    );
  }
  // The same ending as any deactivation: sessions end at once, open tasks close, drafts resync.
  const ended = await endUserParticipation(ctx, userId);

  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'User',
    objectId: user.id,
    objectName: user.name,
    actionName: 'Update',
    deltas: {
      // Someone deactivated earlier is handed over without a status change to record.
      ...(user.status === UserStatus.Active ? { changed: { status: ['Active', 'Inactive'] } } : {}),
      comment: `Left the organization: ${itemCount} ${itemCount === 1 ? 'item' : 'items'} handed over to ${targets.map((t) => t.name).join(', ')}`,
    },
    sourceName: user.name,
    targetNames: targets.map((t) => t.name),
  });
  return { item_count: itemCount, tasks_closed: ended.tasks };
}
