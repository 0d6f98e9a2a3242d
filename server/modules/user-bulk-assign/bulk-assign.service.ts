import { type z } from 'zod';
import {
  type BulkAssignBody,
  type AssignedItemList,
  type BulkAssignResponse,
  type SubjectRef,
} from '../../../shared/api/user-bulk-assign';
import { notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { listAssignedItems, missingItems } from './items.repo';
import { insertJob } from './jobs.repo';
import { mailOutcome } from './reassignment.mail';
import {
  previewItems,
  refuseIfUnsafe,
  refusalsOf,
  runReassignment,
  targetRefusals,
  type ReassignmentPlan,
} from './reassignment.run';
import { findSubjects, type Subject } from './subjects.repo';
import { JOB } from '../../platform/jobs/job-names';

/** Runs of up to this many items are done in the request; larger ones go to the background job. */
export const INLINE_ITEM_LIMIT = 50;

const notFoundOf = (ref: SubjectRef) => notFound(ref.type === 'User' ? 'The user' : 'The group');

/** The source of a run: a user (active or not, never deleted) or a group of this organisation. */
export async function loadSource(ctx: OrgCtx, ref: SubjectRef): Promise<Subject> {
  const found = (await findSubjects(ctx.tx, ctx.orgId, [ref])).get(`${ref.type}:${ref.id}`);
  if (!found) throw notFoundOf(ref);
  return found;
}

/** GET containers: the items where the source holds the chosen roles. */
export async function listSourceItems(
  ctx: OrgCtx,
  query: { type: SubjectRef['type']; id: number; selected_roles: number[] },
): Promise<AssignedItemList> {
  const source = await loadSource(ctx, { type: query.type, id: query.id });
  return { items: await listAssignedItems(ctx.tx, ctx.orgId, source, query.selected_roles) };
}

async function buildPlan(ctx: OrgCtx, body: z.output<typeof BulkAssignBody>): Promise<ReassignmentPlan> {
  const source = await loadSource(ctx, body.source);
  const targetRefs = body.reassignment_type === 'remove' ? [] : body.targets;
  const found = await findSubjects(ctx.tx, ctx.orgId, targetRefs);
  const missing = targetRefs.find((t) => !found.has(`${t.type}:${t.id}`));
  if (missing) throw notFoundOf(missing);
  const missingItem = (await missingItems(ctx.tx, ctx.orgId, body.selectedContainers))[0];
  if (missingItem) throw notFound(missingItem.item_type === 3 ? 'The P&P' : 'The binder or folder');

  const targets = [...new Map(targetRefs.map((t) => [`${t.type}:${t.id}`, found.get(`${t.type}:${t.id}`)!])).values()];
  const errors: string[] = [];
  if (body.reassignment_type !== 'remove' && targets.length === 0) {
    errors.push('Choose at least one user or group to receive the assignments.');
  }
  if (targets.some((t) => t.type === source.type && t.id === source.id)) {
    errors.push(`${source.name} cannot be both the source and a target.`);
  }
  errors.push(...(await targetRefusals(ctx.tx, ctx.orgId, targets)));
  if (errors.length) throw unprocessable(...errors);
  return {
    type: body.reassignment_type,
    source,
    targets,
    roles: [...new Set(body.selected_roles)].sort(),
    items: body.selectedContainers,
  };
}

/**
 * POST update: with dry_run, the preview (every item it will touch, and any refusal); otherwise
 * the run, at once when small, else queued for the background job. The admin is e-mailed when done.
 */
export async function updateAssignments(
  ctx: OrgCtx,
  body: z.output<typeof BulkAssignBody>,
): Promise<BulkAssignResponse> {
  const plan = await buildPlan(ctx, body);
  const items = await previewItems(ctx.tx, ctx.orgId, plan);
  if (body.dry_run) {
    return { dry_run: true, item_count: items.length, items, refusals: await refusalsOf(ctx.tx, ctx.orgId, plan) };
  }
  if (items.length === 0) {
    throw unprocessable(`${plan.source.name} holds none of the chosen roles on the chosen items.`);
  }
  const by = { userId: ctx.actor.userId, sudoerName: ctx.actor.sudoer?.name ?? null };
  if (items.length > INLINE_ITEM_LIMIT) {
    await refuseIfUnsafe(ctx.tx, ctx.orgId, plan);
    const jobId = await insertJob(ctx.tx, ctx.orgId, plan, items.length, by, 'queued', ctx.now);
    ctx.whenCommitted(() => ctx.deps.jobs?.wake(JOB.bulkReassignment));
    return { dry_run: false, job_id: jobId, item_count: items.length, status: 'queued' };
  }
  const count = await runReassignment(ctx.tx, ctx.orgId, ctx.actor, plan, ctx.now);
  const jobId = await insertJob(ctx.tx, ctx.orgId, plan, count, by, 'done', ctx.now);
  await mailOutcome(ctx.tx, ctx.orgId, ctx.actor.email, {
    type: plan.type,
    sourceName: plan.source.name,
    itemCount: count,
    error: null,
  });
  return { dry_run: false, job_id: jobId, item_count: count, status: 'done' };
}
