import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import type { AssignedItem, ReassignmentType, SelectedContainer } from '../../../shared/api/user-bulk-assign';
import type { Executor } from '../../db/client';
import type { OrgActor } from '../../http/actor';
import { AppError, unprocessable } from '../../http/errors';
import { UserStatus } from '../../../shared/domain/statuses';
import { insertChangeLog, type ChangeLogObjectType } from '../change-logs/change-logs.repo';
import {
  copyGrantsTo,
  deleteGrants,
  pnpsWithOpenWork,
  refusalsOfRemoving,
  selectGrants,
  touchPnpsOfGrants,
} from './grants.repo';
import { listAssignedItems, splitItems } from './items.repo';
import { findSubjects, groupsWithNoActiveMember, type Subject } from './subjects.repo';
import { resyncParticipantTasks } from '../pnps/participant-tasks';
import { moveOnWhenSignedOff } from '../pnps/signed-off-stage';
import { lockPnp } from '../pnps/pnps.repo';

/** One bulk assignment, as confirmed: what, from whom, to whom, which roles, on which items. */
export interface ReassignmentPlan {
  type: ReassignmentType;
  source: Subject;
  targets: Subject[];
  roles: number[];
  items: SelectedContainer[];
}

/** The custom error of a refused run: the screen lists the items it names. */
export const REFUSED = 'reassignment_refused';

const ACTION_NAMES: Record<ReassignmentType, string> = { reassign: 'Reassigned', clone: 'Cloned', remove: 'Removed' };
const OBJECT_TYPES: Record<1 | 2 | 3, ChangeLogObjectType> = { 1: 'Binder', 2: 'Folder', 3: 'Pnp' };

/** The items the plan touches (where the source holds a chosen role), before any change. */
export function previewItems(db: Executor, orgId: number, plan: ReassignmentPlan): Promise<AssignedItem[]> {
  return listAssignedItems(db, orgId, plan.source, plan.roles, splitItems(plan.items));
}

/** Why the plan may not run: every P&P it would leave without an Owner or a current approval step without an approver. */
export async function refusalsOf(db: Executor, orgId: number, plan: ReassignmentPlan) {
  // Reassign always needs targets, and clone removes nothing: only a removal can empty a role.
  if (plan.type !== 'remove') return [];
  const grants = await selectGrants(db, orgId, plan.source, plan.roles, splitItems(plan.items));
  return refusalsOfRemoving(
    db,
    orgId,
    grants.map((g) => g.id),
  );
}

export async function refuseIfUnsafe(db: Executor, orgId: number, plan: ReassignmentPlan): Promise<void> {
  const refusals = await refusalsOf(db, orgId, plan);
  if (refusals.length > 0) {
    throw new AppError(
      422,
      [
        `Nothing was changed: removing ${plan.source.name} would leave ${refusals.length === 1 ? 'this item' : 'these items'} without someone to act.`,
        ...refusals.map((r) => r.reason),
      ],
      REFUSED,
    );
  }
}

/**
 * Why the targets cannot receive the work now: a user deleted or not active, a group deleted or with
 * no active member would get it with nobody to act. Asked when a run is confirmed and again when a
 * queued run starts, since either may have changed in between.
 */
export async function targetRefusals(db: Executor, orgId: number, targets: Subject[]): Promise<string[]> {
  const found = await findSubjects(db, orgId, targets);
  const reasons: string[] = [];
  const existing: Subject[] = [];
  for (const target of targets) {
    const now = found.get(`${target.type}:${target.id}`);
    if (!now) {
      reasons.push(
        target.type === 'User'
          ? `${target.name} is no longer a user and cannot receive assignments.`
          : `${target.name} no longer exists and cannot receive assignments.`,
      );
    } else if (now.type === 'User' && now.status !== UserStatus.Active) {
      reasons.push(`${now.name} is not an active user and cannot receive assignments.`);
    } else {
      existing.push(now);
    }
  }
  for (const g of await groupsWithNoActiveMember(db, orgId, existing)) {
    reasons.push(`${g.name} has no active members and cannot receive assignments.`);
  }
  return reasons;
}

function subjectDeltas(subjects: Subject[], roleNames: string[], key: 'added' | 'removed'): ChangeLogDeltas {
  const users = subjects.filter((s) => s.type === 'User');
  const groups = subjects.filter((s) => s.type === 'Group');
  const deltas: ChangeLogDeltas = {};
  if (users.length) {
    deltas[`container_access_users_${key}`] = users.flatMap((u) =>
      roleNames.map((role_name) => ({ user_name: u.name, role_name })),
    );
  }
  if (groups.length) {
    deltas[`container_access_groups_${key}`] = groups.flatMap((g) =>
      roleNames.map((role_name) => ({ user_group_name: g.name, role_name })),
    );
  }
  return deltas;
}

/**
 * Runs the plan in the caller's transaction (product rules 'Bulk reassignment'): reassign puts the
 * targets in the source's place and moves its open tasks; clone gives the targets the same roles;
 * remove takes the source out and closes its tasks, refused where that would leave a P&P without an
 * Owner or an approval step without an approver. Any run is refused whose targets cannot act now.
 * One change-log entry per item. Answers the count.
 */
export async function runReassignment(
  db: Executor,
  orgId: number,
  actor: OrgActor,
  plan: ReassignmentPlan,
  now: Date,
): Promise<number> {
  // A queued run starts later than it was confirmed: its targets are asked again, in its transaction.
  const refusedTargets = plan.type === 'remove' ? [] : await targetRefusals(db, orgId, plan.targets);
  if (refusedTargets.length) throw unprocessable(...refusedTargets);
  const items = await previewItems(db, orgId, plan);
  await refuseIfUnsafe(db, orgId, plan);
  const grants = await selectGrants(db, orgId, plan.source, plan.roles, splitItems(plan.items));
  const grantIds = grants.map((g) => g.id);
  const followUp = await pnpsWithOpenWork(db, orgId, grantIds);
  await touchPnpsOfGrants(db, orgId, grantIds);
  if (plan.type !== 'remove') await copyGrantsTo(db, orgId, grantIds, plan.targets, now);
  if (plan.type !== 'clone') await deleteGrants(db, orgId, grantIds);
  // In the order of their ids, each locked first as a workflow action locks it (resyncDraftTasks).
  for (const pnpId of followUp) {
    await lockPnp(db, orgId, pnpId);
    await resyncParticipantTasks(db, orgId, pnpId, now);
    // The one reviewer or approver still to act may be the one taken away (signed-off-stage.ts).
    await moveOnWhenSignedOff({ tx: db, orgId, now, actor }, pnpId);
  }

  const targetNames = plan.targets.map((t) => t.name);
  for (const item of items) {
    const roleNames = item.roles.map((r) => r.role_name);
    const deltas: ChangeLogDeltas = {
      ...(plan.type !== 'clone' ? subjectDeltas([plan.source], roleNames, 'removed') : {}),
      ...(plan.type !== 'remove' ? subjectDeltas(plan.targets, roleNames, 'added') : {}),
    };
    await insertChangeLog(db, actor, now, {
      objectType: OBJECT_TYPES[item.item_type],
      objectId: item.id,
      objectName: item.name,
      actionName: ACTION_NAMES[plan.type],
      deltas,
      sourceName: plan.source.name,
      targetNames: plan.type === 'reassign' ? targetNames : null,
    });
  }
  return items.length;
}
