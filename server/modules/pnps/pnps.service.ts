import { createHash } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import { DraftStage, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { dateFieldError, effectiveDateError } from '../../../shared/domain/review-dates';
import {
  PNP_CHANGED_MESSAGE,
  type CreatePnpBody,
  type DocumentDetailsInput,
  type UpdatePnpBody,
} from '../../../shared/api/pnps';
import { orgTemplates, pnps, templateSources, templates } from '../../db/schema/index';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { utcDate } from '../../platform/clock';
import { listUserRolesOnContainer, type RoleGrant } from '../access/effective-access';
import { participantsOfNewPnp } from './creator-access';
import { changedFields, insertChangeLog } from '../change-logs/change-logs.repo';
import { isAcceptedExtension } from '../files/file-types';
import type { CheckedFile } from '../files/file-validation';
import { storeCopy, storeFile } from '../files/upload-intake';
import type { StoredFile } from '../files/files.repo';
import { resyncParticipantTasks } from './participant-tasks';
import { listAssignees } from './participants';
import { replacePnpGrants, resolveParticipants } from './pnp-participants';
import { moveOnWhenSignedOff } from './signed-off-stage';
import {
  containerPath,
  getContainer,
  insertDocument,
  insertPnp,
  lockPnp,
  updatePnpRow,
  type DocumentRow,
  type PnpRow,
} from './pnps.repo';
import { enforce, loadPnpContext, allowPnp } from './workflow.context';
import { decideCreate } from './workflow.policy';
import { recordTransition, type WorkflowCtx } from './workflow.record';
import { syncStageTasks } from './workflow.tasks';

/**
 * Spec §5 dates of a draft: the origination date lies in the past, the target effective date
 * anywhere valid on or after the origination date.
 */
export function documentDetailErrors(details: DocumentDetailsInput, today: string): string[] {
  const errors: string[] = [];
  const origination = dateFieldError('origination_dt', details.origination_dt ?? null, {
    max: { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)), day: Number(today.slice(8, 10)) },
    maxLabel: 'today',
  });
  if (origination) errors.push(origination);
  // A wrong origination date is reported on its own, not again as the effective date's bound.
  const effective = effectiveDateError(details.effective_dt ?? null, origination ? null : details.origination_dt);
  if (effective) errors.push(effective);
  return errors;
}

/**
 * Checks that the caller may create P&Ps in a container (OA, BO, or a policy owner with a role there).
 * A container the caller holds no role on is answered like one that does not exist (404, no name).
 */
export async function assertMayCreateIn(ctx: OrgCtx, containerId: number): Promise<RoleGrant[]> {
  await getContainer(ctx.tx, ctx.orgId, containerId);
  const containerRoles = await listUserRolesOnContainer(ctx.tx, ctx.orgId, ctx.actor.userId, containerId);
  if (!ctx.actor.isAdmin && containerRoles.length === 0) throw notFound('The binder or folder');
  enforce(decideCreate({ isAdmin: ctx.actor.isAdmin, isPolicyOwner: ctx.actor.isPolicyOwner, containerRoles }));
  return containerRoles;
}

/** The container a new P&P goes into, and whether the caller may create one there. */
export async function describeNewPnp(ctx: OrgCtx, containerId: number) {
  const container = await getContainer(ctx.tx, ctx.orgId, containerId);
  const containerRoles = await listUserRolesOnContainer(ctx.tx, ctx.orgId, ctx.actor.userId, containerId);
  if (!ctx.actor.isAdmin && containerRoles.length === 0) throw notFound('The binder or folder');
  const decision = decideCreate({ isAdmin: ctx.actor.isAdmin, isPolicyOwner: ctx.actor.isPolicyOwner, containerRoles });
  return {
    container: {
      id: container.id,
      name: container.name,
      type: container.type,
      location: await containerPath(ctx.tx, ctx.orgId, container.id),
    },
    can_create: decision.ok,
  };
}

/** The template's file, copied into a new stored file of the org (the template itself is never touched). */
async function copyTemplateFile(ctx: OrgCtx, templateId: number): Promise<StoredFile> {
  const template = await findOrgTemplate(ctx, templateId);
  const bytes = await ctx.deps.files.get(template.storageKey);
  const dot = template.originalName.lastIndexOf('.');
  const ext = dot > 0 ? template.originalName.slice(dot + 1).toLowerCase() : '';
  if (!isAcceptedExtension(ext)) throw unprocessable('The template file is not a document type P&Ps may hold.');
  return storeCopy(ctx, bytes, {
    originalName: template.originalName,
    extension: ext,
    mimeType: template.mimeType,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    extractedText: template.extractedText,
  });
}

/** A template made available to the caller's organisation, or 404. */
export async function findOrgTemplate(ctx: OrgCtx, templateId: number) {
  const [row] = await ctx.tx
    .select({
      id: templates.id,
      name: templates.name,
      description: templates.description,
      storageKey: templates.storageKey,
      originalName: templates.originalName,
      mimeType: templates.mimeType,
      sizeBytes: templates.sizeBytes,
      extractedText: templates.extractedText,
      source: templateSources.name,
    })
    .from(templates)
    .innerJoin(orgTemplates, and(eq(orgTemplates.templateId, templates.id), eq(orgTemplates.orgId, ctx.orgId)))
    .innerJoin(templateSources, eq(templateSources.id, templates.sourceId))
    .where(eq(templates.id, templateId))
    .limit(1);
  if (!row) throw notFound('The template');
  return row;
}

async function nextPosition(ctx: OrgCtx, containerId: number): Promise<number> {
  const [row] = await ctx.tx
    .select({ n: max(pnps.position) })
    .from(pnps)
    .where(and(eq(pnps.orgId, ctx.orgId), eq(pnps.containerId, containerId)));
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
}

/**
 * A new P&P's workflow begins (created or copied, product rules): its first draft, just written in
 * Authoring, gives its Authors (else its Owners) their Author tasks, and the entry into Authoring is
 * recorded in the workflow history and the change log. Called once the P&P's own participants, if
 * any, are written: the tasks go to the people they name.
 */
export async function startFirstDraft(
  ctx: OrgCtx,
  pnp: Pick<PnpRow, 'id' | 'name'>,
  doc: Pick<DocumentRow, 'id' | 'versionNumber'>,
  how: { action: 'Create' | 'Copy'; comment: string | null; fileName: string | null; sourceName?: string },
): Promise<void> {
  const people = await listAssignees(ctx.tx, ctx.orgId, pnp.id);
  await syncStageTasks(
    ctx.tx,
    ctx.orgId,
    pnp.id,
    doc.id,
    { stage: DraftStage.Authoring, step: null, signedOff: [] },
    people,
    ctx.now,
  );
  await recordTransition(ctx, {
    pnp,
    document: doc,
    action: how.action,
    level: 'pnp',
    from: { status: null, stage: null, step: null },
    to: { status: PnpStatus.Draft, stage: DraftStage.Authoring, step: null },
    comment: how.comment,
    changed: how.fileName !== null ? { file: [null, how.fileName] } : undefined,
    sourceName: how.sourceName,
  });
}

/**
 * Creates a P&P with its first Draft version in Authoring, from an uploaded file or a template
 * (issue 5). It inherits its container's participants unless its own are given.
 */
export async function createPnp(
  ctx: OrgCtx,
  body: CreatePnpBody,
  file: CheckedFile | null,
): Promise<{ pnp: PnpRow; doc: DocumentRow }> {
  const containerRoles = await assertMayCreateIn(ctx, body.pnp.container_id);
  const errors = documentDetailErrors(body.document, utcDate(ctx.now));
  if (errors.length > 0) throw unprocessable(...errors);
  const own = await participantsOfNewPnp(ctx, body.pnp.container_id, body.pnp.participants, containerRoles);
  const participants = own ? await resolveParticipants(ctx.tx, ctx.orgId, own) : null;
  let stored: StoredFile;
  if (body.pnp.template_id !== undefined) {
    if (file) throw unprocessable('Choose either a template or a file, not both.');
    stored = await copyTemplateFile(ctx, body.pnp.template_id);
  } else {
    if (!file) throw unprocessable('Please choose a file to upload.');
    stored = await storeFile(ctx, file);
  }
  const pnp = await insertPnp(ctx.tx, {
    orgId: ctx.orgId,
    containerId: body.pnp.container_id,
    name: body.pnp.name,
    description: body.pnp.description ?? null,
    status: PnpStatus.Draft,
    inheritsAccess: participants === null,
    position: await nextPosition(ctx, body.pnp.container_id),
    templateId: body.pnp.template_id ?? null,
    createdBy: ctx.actor.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  const accessDeltas = participants ? await replacePnpGrants(ctx.tx, ctx.orgId, pnp.id, [], participants) : {};
  const doc = await insertDocument(ctx.tx, {
    orgId: ctx.orgId,
    pnpId: pnp.id,
    versionNumber: 1,
    status: VersionStatus.Draft,
    draftStage: DraftStage.Authoring,
    fileId: stored.id,
    notes: body.document.notes ?? null,
    originationDt: body.document.origination_dt || null,
    effectiveDt: body.document.effective_dt || null,
    reviewCycleYears: body.document.review_cycle_years ?? null,
    reminderDays: body.document.reminder_days ?? null,
    createdBy: ctx.actor.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await startFirstDraft(ctx, pnp, doc, {
    action: 'Create',
    comment: body.pnp.template_id !== undefined ? `Created from the template ${stored.originalName}.` : null,
    fileName: stored.originalName,
  });
  if (Object.keys(accessDeltas).length > 0) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'Pnp',
      objectId: pnp.id,
      objectName: pnp.name,
      actionName: 'Update',
      deltas: accessDeltas,
    });
  }
  return { pnp, doc };
}

/** Changes a P&P's name, description and participants (OA, BO, Owner), logging every change. */
export async function updatePnp(ctx: OrgCtx, pnpId: number, body: UpdatePnpBody): Promise<PnpRow> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'edit_settings');
  const input = body.pnp;
  // The row is locked, so the version read here stays current until this save commits.
  if (input.lock_version !== undefined && input.lock_version !== c.pnp.lockVersion) throw conflict(PNP_CHANGED_MESSAGE);
  const values: Partial<PnpRow> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  const changed = changedFields(
    { name: c.pnp.name, description: c.pnp.description },
    { name: values.name, description: values.description },
  );
  let accessDeltas = {};
  if (input.participants !== undefined) {
    const next = input.participants === null ? null : await resolveParticipants(ctx.tx, ctx.orgId, input.participants);
    const own = c.pnp.inheritsAccess ? [] : c.participants;
    accessDeltas = await replacePnpGrants(ctx.tx, ctx.orgId, c.pnp.id, own, next);
    values.inheritsAccess = next === null;
    if (values.inheritsAccess !== c.pnp.inheritsAccess)
      changed.inherits_access = [c.pnp.inheritsAccess, values.inheritsAccess];
  }
  const pnp = Object.keys(values).length ? await updatePnpRow(ctx.tx, ctx.orgId, c.pnp.id, values, ctx.now) : c.pnp;
  if (input.participants !== undefined) await resyncDraftTasks(ctx, pnp.id);
  if (Object.keys(changed).length > 0 || Object.keys(accessDeltas).length > 0) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'Pnp',
      objectId: pnp.id,
      objectName: pnp.name,
      actionName: 'Update',
      deltas: { ...(Object.keys(changed).length ? { changed } : {}), ...accessDeltas },
    });
  }
  return pnp;
}

/**
 * After participants change (here, through the access API, or by a move to another container),
 * the draft's open tasks follow: new people get theirs, removed people lose theirs; and a step
 * whose remaining people have all signed off moves on (signed-off-stage.ts).
 *
 * It first locks the P&P, as every workflow action does (`loadPnpContext`): a sign-off committing
 * meanwhile would otherwise be unseen here while this change was unseen there (an approval beside
 * the removal of the step's other approver from their group), and the step would wait with nobody
 * pending and no one's task. Callers resyncing several P&Ps go in the order of their ids, so two
 * such changes never wait for each other.
 */
export async function resyncDraftTasks(ctx: WorkflowCtx, pnpId: number): Promise<void> {
  await lockPnp(ctx.tx, ctx.orgId, pnpId);
  await resyncParticipantTasks(ctx.tx, ctx.orgId, pnpId, ctx.now);
  await moveOnWhenSignedOff(ctx, pnpId);
}
