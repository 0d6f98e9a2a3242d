import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LinkedPnp } from '../../../shared/api/pnps';
import type { RetireImpact } from '../../../shared/api/retire-impact';
import {
  DRAFT_STAGE_LABELS,
  PnpStatus,
  ReadAckStatus,
  TASK_KIND_LABELS,
  TaskStatus,
  VersionStatus,
  type DraftStage,
  type TaskKind,
} from '../../../shared/domain/statuses';
import { orgUsers, pnpLinks, pnps, readAcknowledgements, tasks } from '../../db/schema/index';
import { forbidden } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { loadActorFacts } from './participants';
import { pnpStatusLabel } from './pnps.presenter';
import { findDocumentByStatus, pnpWithActiveColumns } from './pnps.repo';
import { containerPaths } from './pnp-versions.service';
import { allowPnp, loadPnpContext, pnpAndState } from './workflow.context';
import { canManage, decidePnp } from './workflow.policy';

/** Published P&Ps linking to `pnpId`: the ones the caller may see by name, all of them counted. */
async function linkingPnps(ctx: OrgCtx, pnpId: number): Promise<{ visible: LinkedPnp[]; total: number }> {
  // With their Active versions' effective dates: a reader of a scheduled publication may not see it yet.
  const rows = await ctx.tx
    .select(pnpWithActiveColumns)
    .from(pnpLinks)
    .innerJoin(pnps, and(eq(pnps.orgId, pnpLinks.orgId), eq(pnps.id, pnpLinks.pnpId)))
    .where(and(eq(pnpLinks.orgId, ctx.orgId), eq(pnpLinks.linkedPnpId, pnpId), eq(pnps.status, PnpStatus.Published)))
    .orderBy(asc(pnps.name));
  const seen = [];
  for (const row of rows) {
    const { pnp, state } = pnpAndState(row, ctx.now);
    const facts = await loadActorFacts(ctx.tx, ctx.actor, pnp);
    if (decidePnp('view', facts, state).ok) seen.push(pnp);
  }
  const locations = await containerPaths(ctx, [...new Set(seen.map((p) => p.containerId))]);
  const visible: LinkedPnp[] = [];
  for (const pnp of seen) {
    const active = await findDocumentByStatus(ctx.tx, ctx.orgId, pnp.id, VersionStatus.Active);
    visible.push({
      id: pnp.id,
      name: pnp.name,
      status: pnp.status,
      status_label: pnpStatusLabel(pnp.status),
      location: locations.get(pnp.containerId) ?? '',
      current_document_id: active?.id ?? null,
    });
  }
  return { visible, total: rows.length };
}

/**
 * What retiring a P&P would break: the published P&Ps pointing to it, the read acknowledgements it
 * cancels, the open tasks it closes and the draft it cancels. Only those who may retire may ask
 * (OA, BO, Owner): 404 for a P&P the caller may not see, 403 for one they see but may not retire.
 */
export async function retireImpact(ctx: OrgCtx, pnpId: number): Promise<RetireImpact> {
  const c = await loadPnpContext(ctx, pnpId);
  if (!canManage(c.facts))
    throw forbidden('Only organization administrators, binder or folder owners and the P&P’s owners can retire it.');
  allowPnp(c, 'retire');
  const links = await linkingPnps(ctx, pnpId);
  const acks = await ctx.tx
    .select({ id: readAcknowledgements.id, name: readAcknowledgements.name })
    .from(readAcknowledgements)
    .where(
      and(
        eq(readAcknowledgements.orgId, ctx.orgId),
        eq(readAcknowledgements.pnpId, pnpId),
        eq(readAcknowledgements.status, ReadAckStatus.Active),
      ),
    )
    .orderBy(asc(readAcknowledgements.name), asc(readAcknowledgements.id));
  const open = await ctx.tx
    .select({ id: tasks.id, kind: tasks.kind, first: orgUsers.firstName, last: orgUsers.lastName })
    .from(tasks)
    .innerJoin(orgUsers, and(eq(orgUsers.orgId, tasks.orgId), eq(orgUsers.id, tasks.userId)))
    .where(and(eq(tasks.orgId, ctx.orgId), eq(tasks.pnpId, pnpId), inArray(tasks.status, [TaskStatus.Open])))
    .orderBy(asc(tasks.kind), asc(orgUsers.lastName), asc(orgUsers.firstName), asc(tasks.id));
  const draft = await findDocumentByStatus(ctx.tx, ctx.orgId, pnpId, VersionStatus.Draft);
  return {
    linking_pnps: links.visible,
    linking_pnps_total: links.total,
    read_acknowledgements: acks,
    tasks: open.map((t) => ({
      id: t.id,
      kind: t.kind,
      kind_label: TASK_KIND_LABELS[t.kind as TaskKind] ?? t.kind,
      assignee_name: `${t.first} ${t.last}`,
    })),
    draft: draft
      ? {
          id: draft.id,
          stage_label: draft.draftStage === null ? null : (DRAFT_STAGE_LABELS[draft.draftStage as DraftStage] ?? null),
        }
      : null,
  };
}
