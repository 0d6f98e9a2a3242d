import {
  TASK_ACTIONS_BY_KIND,
  TASK_ACTION_LABELS,
  taskActionsOf,
  type Task,
  type TaskAction,
  type TaskActionBody,
  type TaskActionResult,
  type TaskList,
  type TaskListQuery,
} from '../../../shared/api/tasks';
import type { z } from 'zod';
import type { WorkflowBody } from '../../../shared/api/pnp-documents';
import { TASK_KIND_LABELS, TaskKind, TaskStatus, VersionStatus } from '../../../shared/domain/statuses';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { commitWithFinalStatement, planOnce } from '../../db/tenant';
import { utcDate } from '../../platform/clock';
import { extendReview, startRevision } from '../pnps/publishing.service';
import { findDocumentByStatus, lockPnp } from '../pnps/pnps.repo';
import { positionLabel } from '../pnps/workflow.record';
import { runWorkflowAction } from '../pnps/workflow.service';
import { asDelegateOf } from '../delegation/acting-for';
import { activePrincipal, closeLapsedCopies, closeLapsedCopiesAndListDelegators } from '../delegation/delegation.repo';
import { findTask, listTaskPage, lockTask, markTaskCompleted, type TaskFilters, type TaskRow } from './tasks.repo';
import { isoOfTimestampOrNull } from '../../db/timestamps';

export const TASK_STATUS_LABELS: Record<number, string> = {
  [TaskStatus.Open]: 'Open',
  [TaskStatus.Completed]: 'Completed',
  [TaskStatus.Closed]: 'Closed',
};

const iso = isoOfTimestampOrNull;

/** A task as the caller sees it: 'For <name>' when they hold it for an away user (ADR 0011). */
export function presentTask(row: TaskRow, callerId: number): Task {
  const kind = row.kind as TaskKind;
  const inDraft = row.version_status === VersionStatus.Draft && row.draft_stage !== null;
  return {
    id: row.id,
    kind: row.kind,
    kind_label: TASK_KIND_LABELS[kind] ?? row.kind,
    status: row.status,
    status_label: TASK_STATUS_LABELS[row.status] ?? String(row.status),
    user_id: row.user_id,
    user_name: `${row.first_name} ${row.last_name}`,
    for_user_name: row.user_id === callerId ? null : `${row.first_name} ${row.last_name}`,
    pnp_id: row.pnp_id,
    pnp_name: row.pnp_name,
    pnp_document_id: row.document_id,
    version_number: row.version_number,
    version_status: row.version_status,
    draft_stage: inDraft ? row.draft_stage : null,
    stage_label: inDraft
      ? positionLabel('version', { status: row.version_status, stage: row.draft_stage, step: row.approval_step })
      : null,
    approval_step: inDraft ? row.approval_step : null,
    read_ack_id: row.read_ack_id,
    read_ack_name: row.read_ack_name,
    due_dt: row.due_dt,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    origination_dt: row.origination_dt,
    effective_dt: row.effective_dt,
    review_dt: row.review_dt,
    reminder_dt: row.reminder_dt,
    review_cycle_years: row.review_cycle_years,
    reminder_days: row.reminder_days,
    owner_stand_in: row.owner_stand_in,
    actions: row.status === TaskStatus.Open ? [...taskActionsOf(row.kind, row.owner_stand_in)] : [],
  };
}

/**
 * Whose tasks the caller sees: their own (with the copies they hold as a delegate), and the open
 * tasks of the people they stand in for now (ADR 0011). Copies whose window has lapsed are closed
 * first: that is how a window ends by itself, with nothing scheduled.
 */
async function whose(ctx: OrgCtx): Promise<Pick<TaskFilters, 'userIds' | 'openOnlyUserIds' | 'delegateId'>> {
  const known = ctx.actor.delegation;
  let away: readonly number[];
  if (known === undefined) {
    away = await closeLapsedCopiesAndListDelegators(ctx.tx, ctx.orgId, ctx.actor.userId, ctx.now);
  } else {
    // The list's session lookup read both (its route asks it to): a statement only when there is
    // something to close, so the usual list is one round trip.
    if (known.holdsLapsedCopies) await closeLapsedCopies(ctx.tx, ctx.orgId, { delegateId: ctx.actor.userId }, ctx.now);
    away = known.delegators;
  }
  return { userIds: [ctx.actor.userId], openOnlyUserIds: away, delegateId: ctx.actor.userId };
}

export async function listTasks(ctx: OrgCtx, query: z.output<typeof TaskListQuery>): Promise<TaskList> {
  // Every statement of the first page is written to be planned once per connection (tasks.repo.ts).
  if (query.page === 1) await planOnce(ctx.tx);
  const people = await whose(ctx);
  // The first page counts with its rows, so that statement is the route's last: its COMMIT rides with it.
  if (query.page === 1) commitWithFinalStatement(ctx.tx);
  const found = await listTaskPage(
    ctx.tx,
    ctx.orgId,
    {
      ...people,
      kind: query.kind,
      status: query.status,
      due: query.due,
      days: query.days,
      today: utcDate(ctx.now),
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    tasks: found.rows.map((row) => presentTask(row, ctx.actor.userId)),
    total: found.total,
    ...(found.capped ? { total_capped: true } : {}),
    page: query.page,
    per_page: query.per_page,
  };
}

async function getTask(ctx: OrgCtx, taskId: number): Promise<TaskRow> {
  const row = await findTask(ctx.tx, ctx.orgId, taskId, await whose(ctx));
  if (!row) throw notFound('The task');
  return row;
}

export async function getOneTask(ctx: OrgCtx, taskId: number): Promise<Task> {
  return presentTask(await getTask(ctx, taskId), ctx.actor.userId);
}

const refuseAction = (task: TaskRow, action: TaskAction): never => {
  const label = TASK_KIND_LABELS[task.kind as TaskKind] ?? task.kind;
  if (task.kind === TaskKind.Acknowledge) {
    throw unprocessable('Open the document to acknowledge it: the Acknowledge button is on the document.');
  }
  const allowed = taskActionsOf(task.kind, task.owner_stand_in).map((a) => TASK_ACTION_LABELS[a]);
  const ofKind: readonly TaskAction[] = TASK_ACTIONS_BY_KIND[task.kind as TaskKind] ?? [];
  if (task.owner_stand_in && ofKind.includes(action)) {
    // The kind's sign-off belongs to the people the Owners stand in for: a permission, as on the document.
    const people = task.kind === TaskKind.Review ? 'reviewers' : 'approvers';
    throw forbidden(
      `The Owners hold this ${label} task for ${people} who have left: it is answered with ${allowed.join(' or ')}, not ${TASK_ACTION_LABELS[action]}.`,
    );
  }
  throw unprocessable(`A ${label} task is answered with ${allowed.join(' or ')}, not ${TASK_ACTION_LABELS[action]}.`);
};

/** The workflow step a task's action stands for (Review/Approve/Publish/Author tasks). */
function workflowBodyOf(task: TaskRow, body: TaskActionBody): WorkflowBody {
  const comment = body.comment ? { comment: body.comment } : {};
  switch (body.task_action) {
    case 'Submit':
      return { action: 'submit', ...comment };
    case 'Accept':
      return { action: 'accept_review', ...comment };
    case 'Approve':
      return { action: 'approve', ...comment };
    case 'Decline':
      if (!body.comment) throw unprocessable('A comment is required to decline.');
      return {
        action: task.kind === TaskKind.Review ? 'decline_review' : 'decline_approval',
        comment: body.comment,
      };
    case 'Publish':
      if (!body.effective_date) throw unprocessable('Effective Date is required.');
      return {
        action: 'publish',
        effective_dt: body.effective_date,
        review_cycle_years: body.review_cycle_years ?? ((task.review_cycle_years ?? 1) as 1 | 2 | 3),
        reminder_days: body.reminder_days ?? ((task.reminder_days ?? 30) as 30 | 60 | 90 | 180),
        ...(body.review_dt ? { review_dt: body.review_dt } : {}),
        ...(body.reminder_dt ? { reminder_dt: body.reminder_dt } : {}),
        ...comment,
      };
    case 'SendToAuthors':
      return {
        action: 'send_to_authors',
        ...comment,
        ...(body.effective_date ? { effective_dt: body.effective_date } : {}),
      };
    default:
      return refuseAction(task, body.task_action);
  }
}

/** The version a PendingRevision task answers for: its own, or the P&P's Active version. */
async function activeVersionOf(ctx: OrgCtx, task: TaskRow): Promise<number> {
  if (task.document_id !== null && task.version_status === VersionStatus.Active) return task.document_id;
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, task.pnp_id, VersionStatus.Active);
  if (!active) throw unprocessable('This P&P has no Active version to review.');
  return active.id;
}

/**
 * The context a task's action runs in: the caller's own, or, for a task held for an away user, one
 * acting for them while the caller is their delegate in a window active now (ADR 0011).
 */
async function actionContext(callerCtx: OrgCtx, task: TaskRow): Promise<OrgCtx> {
  if (task.user_id === callerCtx.actor.userId) return callerCtx;
  const principal = await activePrincipal(callerCtx.tx, callerCtx.orgId, task.user_id, callerCtx.actor, callerCtx.now);
  if (!principal) throw conflict('You no longer stand in for this person: the task is back with them.');
  return asDelegateOf(callerCtx, principal);
}

/**
 * Takes a task's action (PUT tasks/{id}) through the workflow's own services, so that every rule
 * and permission of the document screen holds here too. The task is then completed by the caller.
 * A delegate's action is decided and recorded for the away user ('X for Y').
 */
export async function actOnTask(callerCtx: OrgCtx, taskId: number, body: TaskActionBody): Promise<TaskActionResult> {
  const task = await getTask(callerCtx, taskId);
  const ctx = await actionContext(callerCtx, task);
  // The P&P before its task, in the order of the document's routes (they lock the P&P, then complete
  // its tasks): taken the other way round, an action from the task list beside one on the document
  // screen (two Owners extending, an approver beside an Owner approving on their behalf) deadlocked.
  await lockPnp(ctx.tx, ctx.orgId, task.pnp_id);
  const locked = await lockTask(ctx.tx, ctx.orgId, task.id);
  if (!locked) throw notFound('The task');
  if (locked.status !== TaskStatus.Open) {
    throw conflict(
      locked.status === TaskStatus.Completed
        ? 'This task is already completed.'
        : 'This task was closed: its stage was left another way.',
    );
  }
  // The actions the list offers it, as the locked row holds it now (a resync may have just given the
  // stage back to its people): an Owner standing in for people who left answers with Send to Authors
  // (and Decline on an approval step), each then decided by the workflow's own rules.
  const held = { ...task, owner_stand_in: locked.owner_stand_in };
  if (!taskActionsOf(held.kind, held.owner_stand_in).includes(body.task_action)) refuseAction(held, body.task_action);

  let next: TaskActionResult['next'] = null;
  if (task.kind === TaskKind.PendingRevision) {
    const versionId = await activeVersionOf(ctx, task);
    if (body.task_action === 'StartReview') {
      const draft = await startRevision(ctx, task.pnp_id, versionId, {
        ...(body.comment ? { comment: body.comment } : {}),
        ...(body.effective_date ? { effectiveDt: body.effective_date } : {}),
      });
      next = { pnp_id: task.pnp_id, pnp_document_id: draft.id };
    } else {
      await extendReview(ctx, task.pnp_id, versionId, body.comment);
    }
  } else {
    if (task.document_id === null || task.version_status !== VersionStatus.Draft) {
      throw conflict('This task was closed: its draft is no longer in progress.');
    }
    await runWorkflowAction(ctx, task.pnp_id, task.document_id, workflowBodyOf(task, body));
    if (body.task_action === 'SendToAuthors') next = { pnp_id: task.pnp_id, pnp_document_id: task.document_id };
  }
  await markTaskCompleted(ctx.tx, ctx.orgId, task.id, ctx.actor.userId, ctx.now);
  // Read back as one of the slot's tasks: a delegate's view of an away user's task shows only open ones.
  const done = await findTask(ctx.tx, ctx.orgId, task.id, { userIds: [task.holder_id] });
  return { task: presentTask(done!, ctx.actor.userId), next };
}
