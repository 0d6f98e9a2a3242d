import { PNP_STATUS_LABELS, PnpStatus, TaskKind, VersionStatus, DraftStage } from '../../../shared/domain/statuses';
import { formatIsoDate } from '../../../shared/domain/dates';
import {
  addDays,
  addYears,
  effectiveDateError,
  isoToCalendar,
  reviewDatesFor,
  versionDateErrors,
} from '../../../shared/domain/review-dates';
import type { WorkflowBody } from '../../../shared/api/pnp-documents';
import { unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { utcDate } from '../../platform/clock';
import { removeAfterSuccess } from '../files/upload-intake';
import {
  deleteDocumentRow,
  deleteFileIfUnused,
  findDocumentByStatus,
  insertDocument,
  nextVersionNumber,
  updateDocumentRow,
  updatePnpRow,
  type DocumentRow,
} from './pnps.repo';
import { allowDocument, loadDocContext, type DocContext } from './workflow.context';
import { recordTransition } from './workflow.record';
import { remindIfDue } from '../review-reminders/review-reminders.service';
import { cancelReadAcksWith } from '../read-acks/read-acks.cancel-with-pnp';
import { closeOpenTasks, completePendingRevision, completeTask, syncStageTasks } from './workflow.tasks';

type PublishBody = Extract<WorkflowBody, { action: 'publish' }>;

/** The three dates of a publication: given, or derived from the effective date and the cycle. */
export function publicationDates(
  body: Pick<PublishBody, 'effective_dt' | 'review_cycle_years' | 'reminder_days' | 'review_dt' | 'reminder_dt'>,
  originationDt: string | null,
) {
  const effectiveError = effectiveDateError(body.effective_dt, originationDt, { required: true });
  if (effectiveError) throw unprocessable(effectiveError);
  const derived = reviewDatesFor(body.effective_dt, body.review_cycle_years, body.reminder_days)!;
  const reviewDt = body.review_dt?.trim() || derived.review_dt;
  const givenReview = isoToCalendar(reviewDt);
  const reminderDt =
    body.reminder_dt?.trim() ||
    (body.review_dt && givenReview ? formatIsoDate(addDays(givenReview, -body.reminder_days)) : derived.reminder_dt);
  const errors = versionDateErrors({
    origination_dt: originationDt,
    effective_dt: body.effective_dt,
    review_dt: reviewDt,
    reminder_dt: reminderDt,
  });
  if (errors.length > 0) throw unprocessable(...errors);
  return { effectiveDt: body.effective_dt.trim(), reviewDt, reminderDt };
}

/**
 * Publishes a draft in Publishing: it becomes the Active version with its dates, the previous
 * Active one is archived, a never-published P&P becomes Published. A future effective date makes
 * the publication scheduled (the library shows it from that date).
 */
export async function publishDraft(ctx: OrgCtx, c: DocContext, body: PublishBody): Promise<DocumentRow> {
  allowDocument(c, 'publish');
  const dates = publicationDates(body, c.doc.originationDt);
  const previous = await findDocumentByStatus(ctx.tx, ctx.orgId, c.pnp.id, VersionStatus.Active);
  if (previous) {
    // Acknowledgements are not carried over: those asked for the replaced version end, logged as the publisher's.
    await cancelReadAcksWith(ctx, { documentId: previous.id }, 'Cancelled because a new version was published.');
    const archived = await updateDocumentRow(
      ctx.tx,
      ctx.orgId,
      previous.id,
      { status: VersionStatus.Archived, archivedAt: ctx.now },
      ctx.now,
    );
    await recordTransition(ctx, {
      pnp: c.pnp,
      document: archived,
      action: 'Archive',
      level: 'version',
      from: { status: VersionStatus.Active, stage: null, step: null },
      to: { status: VersionStatus.Archived, stage: null, step: null },
      comment: `Replaced by version ${c.doc.versionNumber ?? ''}.`.replace(' .', '.'),
    });
  }
  const published = await updateDocumentRow(
    ctx.tx,
    ctx.orgId,
    c.doc.id,
    {
      status: VersionStatus.Active,
      draftStage: null,
      approvalStep: null,
      publishedAt: ctx.now,
      effectiveDt: dates.effectiveDt,
      reviewDt: dates.reviewDt,
      reminderDt: dates.reminderDt,
      reviewCycleYears: body.review_cycle_years,
      reminderDays: body.reminder_days,
    },
    ctx.now,
  );
  const changed: Record<string, [unknown, unknown]> = {
    effective_dt: [c.doc.effectiveDt, dates.effectiveDt],
    review_dt: [c.doc.reviewDt, dates.reviewDt],
    reminder_dt: [c.doc.reminderDt, dates.reminderDt],
  };
  if (c.pnp.status === PnpStatus.Draft) {
    await updatePnpRow(ctx.tx, ctx.orgId, c.pnp.id, { status: PnpStatus.Published }, ctx.now);
    changed.pnp_status = [PNP_STATUS_LABELS[PnpStatus.Draft], PNP_STATUS_LABELS[PnpStatus.Published]];
  }
  // The task is the person acted for (a delegate publishes for the away owner), completed by the caller.
  await completeTask(ctx.tx, ctx.orgId, c.doc.id, TaskKind.Publish, c.facts.userId, ctx.actor.userId, ctx.now);
  await syncStageTasks(ctx.tx, ctx.orgId, c.pnp.id, c.doc.id, { stage: null, step: null, signedOff: [] }, c, ctx.now);
  await recordTransition(ctx, {
    pnp: c.pnp,
    document: published,
    action: 'Publish',
    level: 'version',
    from: { status: VersionStatus.Draft, stage: c.doc.draftStage, step: c.doc.approvalStep },
    to: { status: VersionStatus.Active, stage: null, step: null },
    comment: body.comment ?? null,
    changed,
  });
  // Published with a reminder date already reached: the owners hear of it today, not tomorrow.
  await remindIfDue(ctx.tx, ctx.orgId, c.doc.id, ctx.now);
  return published;
}

/**
 * Cancels a draft at any stage: it is deleted, its tasks closed, the Active version untouched. A
 * cancelled revision leaves the review it was started for undone, so the Active version's
 * 'Start Review or Extend' is given again when its reminder date has come.
 */
export async function cancelDraft(ctx: OrgCtx, c: DocContext, comment: string | undefined): Promise<void> {
  allowDocument(c, 'cancel_draft');
  await closeOpenTasks(ctx.tx, ctx.orgId, { documentId: c.doc.id }, ctx.now);
  await deleteDocumentRow(ctx.tx, ctx.orgId, c.doc.id);
  if (c.doc.fileId !== null) {
    const key = await deleteFileIfUnused(ctx.tx, ctx.orgId, c.doc.fileId);
    if (key) removeAfterSuccess(ctx, key);
  }
  await recordTransition(ctx, {
    pnp: c.pnp,
    document: c.doc,
    action: 'Cancel Draft',
    level: 'version',
    from: { status: VersionStatus.Draft, stage: c.doc.draftStage, step: c.doc.approvalStep },
    to: { status: null, stage: null, step: null },
    comment: comment ?? null,
  });
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, c.pnp.id, VersionStatus.Active);
  if (active) await remindIfDue(ctx.tx, ctx.orgId, active.id, ctx.now);
}

/**
 * Starts a review of a published P&P: a revision draft in Authoring holding the Active version's
 * file and details, numbered one above the highest version (product rules 'Start Review').
 */
export async function startRevision(
  ctx: OrgCtx,
  pnpId: number,
  documentId: number,
  options: { comment?: string; effectiveDt?: string },
): Promise<DocumentRow> {
  const c = await loadDocContext(ctx, pnpId, documentId, { lock: true });
  allowDocument(c, 'start_revision');
  if (options.effectiveDt) {
    const error = effectiveDateError(options.effectiveDt, c.doc.originationDt);
    if (error) throw unprocessable(error);
  }
  const draft = await insertDocument(ctx.tx, {
    orgId: ctx.orgId,
    pnpId: c.pnp.id,
    versionNumber: await nextVersionNumber(ctx.tx, ctx.orgId, c.pnp.id),
    status: VersionStatus.Draft,
    draftStage: DraftStage.Authoring,
    fileId: c.doc.fileId,
    notes: c.doc.notes,
    originationDt: c.doc.originationDt,
    effectiveDt: options.effectiveDt || null,
    reviewCycleYears: c.doc.reviewCycleYears,
    reminderDays: c.doc.reminderDays,
    createdBy: ctx.actor.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await syncStageTasks(
    ctx.tx,
    ctx.orgId,
    c.pnp.id,
    draft.id,
    { stage: DraftStage.Authoring, step: null, signedOff: [] },
    c,
    ctx.now,
  );
  await completePendingRevision(ctx.tx, ctx.orgId, c.pnp.id, ctx.actor.userId, ctx.now);
  await recordTransition(ctx, {
    pnp: c.pnp,
    document: draft,
    action: 'Start Revision',
    level: 'version',
    from: { status: null, stage: null, step: null },
    to: { status: VersionStatus.Draft, stage: DraftStage.Authoring, step: null },
    comment: options.comment ?? null,
  });
  return draft;
}

/** 'Extend': a review with no changes; the review and reminder dates move on by the review cycle. */
export async function extendReview(
  ctx: OrgCtx,
  pnpId: number,
  documentId: number,
  comment?: string,
): Promise<DocumentRow> {
  const c = await loadDocContext(ctx, pnpId, documentId, { lock: true });
  allowDocument(c, 'extend_review');
  const cycle = c.doc.reviewCycleYears ?? 1;
  const days = c.doc.reminderDays ?? 30;
  const base = isoToCalendar(c.doc.reviewDt) ?? isoToCalendar(utcDate(ctx.now))!;
  const review = addYears(base, cycle);
  const reviewDt = formatIsoDate(review);
  const reminderDt = formatIsoDate(addDays(review, -days));
  const doc = await updateDocumentRow(ctx.tx, ctx.orgId, c.doc.id, { reviewDt, reminderDt }, ctx.now);
  await completePendingRevision(ctx.tx, ctx.orgId, c.pnp.id, ctx.actor.userId, ctx.now);
  await recordTransition(ctx, {
    pnp: c.pnp,
    document: doc,
    action: 'Extend Review',
    level: 'version',
    from: { status: doc.status, stage: null, step: null },
    to: { status: doc.status, stage: null, step: null },
    comment: comment ?? null,
    changed: { review_dt: [c.doc.reviewDt, reviewDt], reminder_dt: [c.doc.reminderDt, reminderDt] },
  });
  return doc;
}
