import type { OrgCtx } from '../../http/routes';
import { resyncDraftTasks } from '../pnps/pnps.service';
import { listReachedTaskPnpIds } from './group-assignments.repo';

/**
 * What follows a change of a group's members, beyond the membership rows themselves.
 *
 * - Visibility and roles are joined from group_memberships at query time (ADR 0009): nothing to do.
 * - Read acknowledgements: the triggers on group_memberships give joiners their reader row and task
 *   (migration 0008) and take them from leavers who have not acknowledged (migration 0016).
 * - Draft tasks (Author, Review, Approve, Publish) and 'Start Review or Extend' follow the people
 *   (product rules 'Tasks'): they are resynced here for every P&P the group holds a role on.
 *
 * Any code that changes memberships (a user's groups, bulk upload) calls this with the groups whose
 * members changed, after the change, in the same transaction.
 */
export async function followMembershipChanges(ctx: OrgCtx, groupIds: Iterable<number>): Promise<void> {
  const pnpIds = new Set<number>();
  for (const groupId of groupIds)
    for (const id of await listReachedTaskPnpIds(ctx.tx, ctx.orgId, groupId)) pnpIds.add(id);
  await resyncPnps(ctx, pnpIds);
}

/** Resyncs the tasks of these P&Ps (collected before the group's grants went away). */
export async function resyncPnps(ctx: OrgCtx, pnpIds: Iterable<number>): Promise<void> {
  for (const id of [...pnpIds].sort((a, b) => a - b)) await resyncDraftTasks(ctx, id);
}
