import {
  DRAFT_STAGE_LABELS,
  PNP_STATUS_LABELS,
  VERSION_STATUS_LABELS,
  VersionStatus,
  type DraftStage,
  type PnpStatus,
} from '../../../shared/domain/statuses';
import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import type { OrgActor } from '../../http/actor';
import { insertChangeLog, type ChangeLogAuthor } from '../change-logs/change-logs.repo';
import { actingFor, actorNameOf, type ActingCtx } from '../delegation/acting-for';
import type { DocumentRow, PnpRow } from './pnps.repo';

export interface Position {
  status: number | null;
  stage: number | null;
  step: number | null;
}

export interface Transition {
  pnp: Pick<PnpRow, 'id' | 'name'>;
  /** The version moved; null for P&P-level changes with no version. */
  document: Pick<DocumentRow, 'id' | 'versionNumber'> | null;
  /** Change-log action name, e.g. 'Submit', 'Publish', 'Retire'. */
  action: string;
  /** 'version': statuses are version statuses (Draft/Active/Archived); 'pnp': P&P statuses. */
  level: 'version' | 'pnp';
  from: Position;
  to: Position;
  comment?: string | null | undefined;
  /** Field changes beyond the position (dates, reason...). */
  changed?: Record<string, [unknown, unknown]>;
  /** The change log's source: what a copy was copied from. */
  sourceName?: string;
}

/**
 * The actions recorded at P&P level (`level: 'pnp'`): their statuses are P&P statuses. The history
 * stores no level, so its readers tell the two apart by the action.
 */
export const PNP_LEVEL_ACTIONS: readonly string[] = ['Create', 'Copy', 'Retire', 'Restore'];

export const stageLabel = (stage: number | null): string | null =>
  stage === null ? null : (DRAFT_STAGE_LABELS[stage as DraftStage] ?? String(stage));

const statusLabel = (level: 'version' | 'pnp', status: number | null): string | null => {
  if (status === null) return null;
  return level === 'pnp'
    ? (PNP_STATUS_LABELS[status as PnpStatus] ?? String(status))
    : (VERSION_STATUS_LABELS[status as VersionStatus] ?? String(status));
};

/** 'Reviewing', 'Approving: Step 2', 'Active': a position as the history and change log show it. */
export function positionLabel(level: 'version' | 'pnp', p: Position): string | null {
  if (p.stage !== null) return p.step !== null ? `${stageLabel(p.stage)}: Step ${p.step}` : stageLabel(p.stage);
  return statusLabel(level, p.status);
}

export const versionName = (pnpName: string, versionNumber: number | null): string =>
  versionNumber === null ? pnpName : `${pnpName} (Version ${versionNumber})`;

/**
 * The author of a transition no person made: the organisation's directory sync, which deactivates a
 * user its directory no longer lists and so may move a draft on (signed-off-stage.ts). The history
 * and the change log name it; no user id is written.
 */
export interface JobAuthor {
  kind: 'job';
  orgId: number;
  name: string;
}

/**
 * What a workflow transition reads of its context: the transaction, the organisation, the time and
 * who acts. A request's context is one; so is a background job's: bulk reassignment acts as the
 * admin who started it, the directory sync as itself (`JobAuthor`).
 */
export type WorkflowCtx = Pick<OrgCtx, 'orgId' | 'now'> & { tx: Executor; actor: OrgActor | JobAuthor };

/** A context whose actor is a person, who may act for someone else (ADR 0011). */
export const isPersonCtx = (ctx: WorkflowCtx): ctx is WorkflowCtx & ActingCtx => ctx.actor.kind === 'org';

/**
 * Writes one workflow transition: a workflow-history row and a change-log entry, in the caller's
 * transaction (product rules: every transition writes both).
 */
export async function recordTransition(ctx: WorkflowCtx, t: Transition): Promise<void> {
  // A delegate's action reads 'X for Y' (ADR 0011): actor_id is who acted, on_behalf_of whose slot.
  const person = isPersonCtx(ctx) ? ctx.actor : null;
  const principal = isPersonCtx(ctx) ? actingFor(ctx) : null;
  const actorName = isPersonCtx(ctx) ? actorNameOf(ctx) : ctx.actor.name;
  await ctx.tx.execute(
    sql`insert into workflow_history
          (org_id, pnp_id, document_id, actor_id, actor_name, sudoer_name, on_behalf_of_id, on_behalf_of_name,
           action, from_status, to_status, from_stage, to_stage, from_step, to_step, comment, created_at)
        values (${ctx.orgId}, ${t.pnp.id}, ${t.document?.id ?? null}, ${person?.userId ?? null}, ${actorName},
                ${person?.sudoer?.name ?? null}, ${principal?.userId ?? null}, ${principal?.name ?? null},
                ${t.action}, ${t.from.status}, ${t.to.status}, ${t.from.stage}, ${t.to.stage}, ${t.from.step},
                ${t.to.step}, ${t.comment ?? null}, ${ctx.now.toISOString()}::timestamptz)`,
  );
  const changed: Record<string, [unknown, unknown]> = {};
  if (t.from.status !== t.to.status)
    changed.status = [statusLabel(t.level, t.from.status), statusLabel(t.level, t.to.status)];
  if (t.from.stage !== t.to.stage) changed.draft_stage = [stageLabel(t.from.stage), stageLabel(t.to.stage)];
  if (t.from.step !== t.to.step) changed.approval_step = [t.from.step, t.to.step];
  Object.assign(changed, t.changed ?? {});
  const deltas: ChangeLogDeltas = {};
  if (Object.keys(changed).length > 0) deltas.changed = changed;
  if (t.comment) deltas.comment = t.comment;
  const author: ChangeLogAuthor = person
    ? { ...person, name: actorName }
    : { orgId: ctx.orgId, userId: null, name: actorName, email: null, sudoer: null };
  await insertChangeLog(ctx.tx, author, ctx.now, {
    objectType: t.document && t.level === 'version' ? 'PnpDocument' : 'Pnp',
    objectId: t.document && t.level === 'version' ? t.document.id : t.pnp.id,
    objectName: t.document && t.level === 'version' ? versionName(t.pnp.name, t.document.versionNumber) : t.pnp.name,
    actionName: t.action,
    deltas,
    sourceName: t.sourceName ?? null,
  });
}

/**
 * How many times a draft has moved stage or approval step, counted from its workflow history (which
 * the application never updates or deletes, so the count only grows); null for a version that is no
 * longer a draft. Every move goes through `moveDraft`, which records it. A draft sent back to
 * Authoring and submitted again with the same file comes back to the same stage, step and file: this
 * count is what tells that round from the one a user read (`expected.draft_moves`). A sign-off that
 * leaves the draft where it is (a fellow approver's) records no move, so it does not count.
 */
export async function draftMovesOf(
  db: Executor,
  doc: Pick<DocumentRow, 'orgId' | 'id' | 'status'>,
): Promise<number | null> {
  if (doc.status !== VersionStatus.Draft) return null;
  const [row] = await queryRows<{ moves: number }>(
    db,
    sql`select count(*)::int as moves from workflow_history
        where org_id = ${doc.orgId} and document_id = ${doc.id}
          and (from_stage, from_step) is distinct from (to_stage, to_step)`,
  );
  return Number(row?.moves ?? 0);
}
