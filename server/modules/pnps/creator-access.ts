import { and, eq } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import type { ParticipantInput } from '../../../shared/api/pnps';
import { groupMemberships } from '../../db/schema/index';
import type { OrgCtx } from '../../http/routes';
import { listEffectiveParticipants, type RoleGrant } from '../access/effective-access';
import { ownsContainer } from '../containers/containers.repo';

/** Owner to Approver: the roles that see a P&P's drafts (product rules: "See drafts"). */
const isWorkingRole = (role: number): boolean => role >= ObjectRole.Owner && role <= ObjectRole.Approver;

/**
 * The participants a new P&P gets of its own, or null when it inherits its container's.
 *
 * A policy owner may create a P&P wherever they hold a role (product rules), Audience included; but
 * a new P&P is a Draft, which only its Owner, Authors, Reviewers and Approvers see. So when the
 * creator would hold none of those roles on it (and neither is an org admin nor owns the
 * container), the P&P takes participants of its own: those asked for, or else a copy of its
 * container's, with the creator added as its Owner. Nobody else's access changes, and the creator
 * can open, edit and submit what they just created, as in the established P&P products.
 */
export async function participantsOfNewPnp(
  ctx: OrgCtx,
  containerId: number,
  asked: ParticipantInput[] | undefined,
  containerRoles: RoleGrant[],
): Promise<ParticipantInput[] | null> {
  const userId = ctx.actor.userId;
  if (ctx.actor.isAdmin) return asked ?? null;
  const creatorWorks = asked ? await worksIn(ctx, asked) : containerRoles.some((grant) => isWorkingRole(grant.role));
  if (creatorWorks || (await ownsContainer(ctx.tx, ctx.orgId, userId, containerId))) return asked ?? null;
  const base: ParticipantInput[] =
    asked ??
    (await listEffectiveParticipants(ctx.tx, ctx.orgId, { containerId })).map((p) => ({
      role: p.role,
      ...(p.approval_step !== null ? { approval_step: p.approval_step } : {}),
      ...(p.user_id !== null ? { user_id: p.user_id } : {}),
      ...(p.group_id !== null ? { group_id: p.group_id } : {}),
    }));
  return [...base, { user_id: userId, role: ObjectRole.Owner }];
}

/** Whether a participant list gives the caller (directly or through a group) a role that sees drafts. */
async function worksIn(ctx: OrgCtx, list: ParticipantInput[]): Promise<boolean> {
  if (list.some((p) => p.user_id === ctx.actor.userId && isWorkingRole(p.role))) return true;
  const groupIds = list.flatMap((p) => (p.group_id !== undefined && isWorkingRole(p.role) ? [p.group_id] : []));
  if (groupIds.length === 0) return false;
  const memberships = await ctx.tx
    .select({ groupId: groupMemberships.groupId })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.orgId, ctx.orgId), eq(groupMemberships.userId, ctx.actor.userId)));
  return memberships.some((m) => groupIds.includes(m.groupId));
}
