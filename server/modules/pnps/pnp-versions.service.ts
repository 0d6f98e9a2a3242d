import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  WORK_LIST_LIMIT,
  type CompareResponse,
  type HistoryEntry,
  type VersionItem,
  type WorkItem,
} from '../../../shared/api/pnp-documents';
import {
  DRAFT_STAGE_LABELS,
  TaskStatus,
  VERSION_STATUS_LABELS,
  VersionStatus,
  type DraftStage,
} from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { pnps, storedFiles, tasks } from '../../db/schema/index';
import { unprocessable } from '../../http/errors';
import { COMPARE_STOP_SENTENCES, inWorker, refusalMessage } from '../files/parser-messages';
import { diffInWorker } from '../files/parser-pool';
import type { OrgCtx } from '../../http/routes';
import { listChangeLogs } from '../change-logs/change-logs.repo';
import type { LinkedPnpsAsked, LinkedPnpsSeen } from '../change-logs/linked-pnps';
import { ObjectRole } from '../../../shared/domain/roles';
import { containersWithRoleSql, visiblePnpIdsSql } from '../access/effective-access';
import type { ChangeLogList } from '../../../shared/api/change-logs';
import {
  documentIdsEver,
  getDocument,
  listDocuments,
  listHistory,
  pnpWithActiveColumns,
  storedFilesByIds,
} from './pnps.repo';
import { presentVersionItem } from './pnps.presenter';
import { allowPnp, loadPnpContext, pnpAndState } from './workflow.context';
import { canSeeDrafts, decidePnp } from './workflow.policy';
import { loadActorFacts } from './participants';
import { PNP_LEVEL_ACTIONS, positionLabel } from './workflow.record';
import { isoOfTimestamp } from '../../db/timestamps';

/** Every version of a P&P, newest first; readers who may not see drafts see the Active one only. */
export async function listVersions(ctx: OrgCtx, pnpId: number): Promise<VersionItem[]> {
  const c = await loadPnpContext(ctx, pnpId);
  const docs = (await listDocuments(ctx.tx, ctx.orgId, pnpId)).filter(
    (d) => canSeeDrafts(c.facts) || d.status === VersionStatus.Active,
  );
  const files = await storedFilesByIds(
    ctx.tx,
    ctx.orgId,
    docs.flatMap((d) => (d.fileId ? [d.fileId] : [])),
  );
  return docs.map((d) => presentVersionItem(d, files.find((f) => f.id === d.fileId)?.originalName ?? null));
}

/** The workflow history of a P&P: who moved which version, when, from where to where, why. */
export async function listWorkflowHistory(ctx: OrgCtx, pnpId: number): Promise<HistoryEntry[]> {
  const c = await loadPnpContext(ctx, pnpId);
  allowPnp(c, 'view_drafts');
  const rows = await listHistory(ctx.tx, ctx.orgId, pnpId);
  const docs = await listDocuments(ctx.tx, ctx.orgId, pnpId);
  return rows.map((r) => {
    const level = PNP_LEVEL_ACTIONS.includes(r.action) ? 'pnp' : 'version';
    return {
      id: r.id,
      document_id: r.documentId,
      version_number: docs.find((d) => d.id === r.documentId)?.versionNumber ?? null,
      action: r.action,
      actor_name: r.actorName,
      sudoer_name: r.sudoerName,
      from_label: positionLabel(level, { status: r.fromStatus, stage: r.fromStage, step: r.fromStep }),
      to_label: positionLabel(level, { status: r.toStatus, stage: r.toStage, step: r.toStep }),
      comment: r.comment,
      created_at: r.createdAt.toISOString(),
    };
  });
}

/**
 * Which of the P&Ps a change log names the caller may see, by the rule of the linked P&Ps list
 * (`decidePnp('view')`): a change log never reveals a P&P to someone without access.
 */
async function linkedPnpsSeenBy(ctx: OrgCtx, asked: LinkedPnpsAsked): Promise<LinkedPnpsSeen> {
  const seen = { seesAll: ctx.actor.isAdmin, ids: new Set<number>(), names: new Set<string>() };
  if (ctx.actor.isAdmin || (asked.ids.length === 0 && asked.names.length === 0)) return seen;
  const byId = asked.ids.length ? [inArray(pnps.id, asked.ids)] : [];
  const byName = asked.names.length ? [inArray(pnps.name, asked.names)] : [];
  // With their Active versions' effective dates: a reader of a scheduled publication may not see it yet.
  const rows = await ctx.tx
    .select(pnpWithActiveColumns)
    .from(pnps)
    .where(and(eq(pnps.orgId, ctx.orgId), or(...byId, ...byName)));
  for (const { pnp: row, state } of rows.map((r) => pnpAndState(r, ctx.now))) {
    const facts = await loadActorFacts(ctx.tx, ctx.actor, row);
    if (!decidePnp('view', facts, state).ok) continue;
    seen.ids.add(row.id);
    seen.names.add(row.name);
  }
  return seen;
}

/** GET pnps/{id}/change_logs: the P&P's entries and those of every version it ever had. */
export async function pnpChangeLogs(ctx: OrgCtx, pnpId: number): Promise<ChangeLogList> {
  const c = await loadPnpContext(ctx, pnpId);
  allowPnp(c, 'view_drafts');
  const docIds = await documentIdsEver(ctx.tx, ctx.orgId, pnpId);
  return listChangeLogs(
    ctx.tx,
    ctx.orgId,
    [
      { type: 'Pnp', ids: [pnpId] },
      { type: 'PnpDocument', ids: docIds },
    ],
    (asked) => linkedPnpsSeenBy(ctx, asked),
  );
}

/** Two versions and their texts, read for a compare. */
export interface Compared {
  from: CompareResponse['from'];
  to: CompareResponse['to'];
  fromText: string;
  toText: string;
}

/**
 * Two versions' texts side by side (issue 5 'Version compare'): line differences of the text
 * extracted at upload, any two versions, no age limit. This reads them (in the transaction);
 * `diffCompared` compares them in a parser worker once the transaction has ended (issue 9).
 */
export async function loadCompared(ctx: OrgCtx, pnpId: number, fromId: number, toId: number): Promise<Compared> {
  const c = await loadPnpContext(ctx, pnpId);
  allowPnp(c, 'view_drafts');
  if (fromId === toId) throw unprocessable('Choose two different versions to compare.');
  const from = await getDocument(ctx.tx, ctx.orgId, pnpId, fromId);
  const to = await getDocument(ctx.tx, ctx.orgId, pnpId, toId);
  const ids = [from.fileId, to.fileId].filter((id): id is number => id !== null);
  const texts = ids.length
    ? await ctx.tx
        .select({ id: storedFiles.id, text: storedFiles.extractedText, name: storedFiles.originalName })
        .from(storedFiles)
        .where(and(eq(storedFiles.orgId, ctx.orgId), inArray(storedFiles.id, ids)))
    : [];
  const textOf = (fileId: number | null): string => texts.find((t) => t.id === fileId)?.text ?? '';
  const nameOf = (fileId: number | null): string | null => texts.find((t) => t.id === fileId)?.name ?? null;
  return {
    from: presentVersionItem(from, nameOf(from.fileId)),
    to: presentVersionItem(to, nameOf(to.fileId)),
    fromText: textOf(from.fileId),
    toText: textOf(to.fileId),
  };
}

/** The line differences of two read versions, computed in a parser worker within its limits. */
export async function diffCompared(compared: Compared): Promise<CompareResponse> {
  const { from, to, fromText, toText } = compared;
  const identical = fromText === toText;
  if (identical) return { from, to, identical, parts: [{ value: fromText, added: false, removed: false }] };
  const result = await inWorker(COMPARE_STOP_SENTENCES, () => diffInWorker(fromText, toText));
  if (!result.ok) throw unprocessable(refusalMessage('', result));
  return { from, to, identical, parts: result.parts };
}

/**
 * GET pnp_documents: the drafts the caller works on (as Owner, Author, Reviewer or Approver, or
 * every draft for an org admin), with the caller's open task on each.
 */
export async function listWorkItems(
  ctx: OrgCtx,
  awaitingMeOnly: boolean,
): Promise<{ items: WorkItem[]; capped: boolean }> {
  const { orgId } = ctx;
  const userId = ctx.actor.userId;
  const scope = ctx.actor.isAdmin
    ? sql`true`
    : sql`(p.id in (select id from working) or p.container_id in (select id from owned))`;
  // The navigation asks for this count on every screen: start from the caller's open tasks.
  const awaitingMe = awaitingMeOnly
    ? sql`and exists (select 1 from tasks t where t.org_id = ${orgId} and t.user_id = ${userId}
                        and t.status = ${TaskStatus.Open} and t.document_id = d.id)`
    : sql``;
  const found = await queryRows<{
    id: number;
    pnp_id: number;
    pnp_name: string;
    container_id: number;
    version_number: number | null;
    status: number;
    draft_stage: number | null;
    approval_step: number | null;
    updated_at: string | Date;
  }>(
    ctx.tx,
    sql`with working as (${visiblePnpIdsSql(orgId, userId, 'working')}),
        owned as (${containersWithRoleSql(orgId, userId, ObjectRole.Owner)})
        select d.id, d.pnp_id, p.name as pnp_name, p.container_id, d.version_number, d.status, d.draft_stage, d.approval_step, d.updated_at
          from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
         where d.org_id = ${orgId} and d.status = ${VersionStatus.Draft} and ${scope}
           ${awaitingMe}
         order by d.updated_at desc
         limit ${WORK_LIST_LIMIT + 1}`,
  );
  // One row past the limit says that more drafts wait than the list holds.
  const capped = found.length > WORK_LIST_LIMIT;
  const rows = capped ? found.slice(0, WORK_LIST_LIMIT) : found;
  const openTasks = rows.length
    ? await ctx.tx
        .select({ documentId: tasks.documentId, kind: tasks.kind })
        .from(tasks)
        .where(
          and(
            eq(tasks.orgId, orgId),
            eq(tasks.userId, userId),
            eq(tasks.status, TaskStatus.Open),
            inArray(
              tasks.documentId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(desc(tasks.createdAt))
    : [];
  const locations = await containerPaths(ctx, [...new Set(rows.map((r) => r.container_id))]);
  const items = rows.map((r) => ({
    id: Number(r.id),
    pnp_id: Number(r.pnp_id),
    pnp_name: r.pnp_name,
    location: locations.get(Number(r.container_id)) ?? '',
    version_number: r.version_number === null ? null : Number(r.version_number),
    status: Number(r.status),
    status_label: VERSION_STATUS_LABELS[Number(r.status) as VersionStatus] ?? '',
    draft_stage: r.draft_stage === null ? null : Number(r.draft_stage),
    draft_stage_label:
      r.draft_stage === null ? null : (DRAFT_STAGE_LABELS[Number(r.draft_stage) as DraftStage] ?? null),
    approval_step: r.approval_step === null ? null : Number(r.approval_step),
    updated_at: isoOfTimestamp(r.updated_at),
    my_task: openTasks.find((t) => t.documentId === Number(r.id))?.kind ?? null,
  }));
  return { items: awaitingMeOnly ? items.filter((i) => i.my_task !== null) : items, capped };
}

/** 'Binder / Folder' for many containers at once. */
export async function containerPaths(ctx: OrgCtx, ids: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (ids.length === 0) return result;
  const rows = await queryRows<{ node_id: number; path: string }>(
    ctx.tx,
    sql`with recursive chain as (
          select c.id as node_id, c.parent_id, c.name::text as path from containers c
           where c.org_id = ${ctx.orgId} and c.id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
          union all
          select chain.node_id, p.parent_id, (p.name || ' / ' || chain.path)::text from chain
            join containers p on p.org_id = ${ctx.orgId} and p.id = chain.parent_id
        )
        select node_id, path from chain where parent_id is null`,
  );
  for (const r of rows) result.set(Number(r.node_id), r.path);
  return result;
}
