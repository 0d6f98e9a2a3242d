import { VersionStatus, DraftStage } from '../../../shared/domain/statuses';
import { versionDateErrors } from '../../../shared/domain/review-dates';
import {
  VERSION_CHANGED_MESSAGE,
  type PnpDocument,
  type PreviewResponse,
  type UpdateDocumentBody,
} from '../../../shared/api/pnp-documents';
import { conflict, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { utcDate } from '../../platform/clock';
import { changedFields, insertChangeLog } from '../change-logs/change-logs.repo';
import { storedDocxHtml } from '../files/docx-preview';
import type { CheckedFile } from '../files/file-validation';
import { getStoredFile } from '../files/files.repo';
import { removeAfterSuccess, storeFile } from '../files/upload-intake';
import { containerPath, deleteFileIfUnused, updateDocumentRow, type DocumentRow } from './pnps.repo';
import { presentDocument, presentFile } from './pnps.presenter';
import { documentDetailErrors } from './pnps.service';
import { allowDocument, documentState, listSignoffs, loadDocContext, type DocContext } from './workflow.context';
import { draftMovesOf, recordTransition, versionName } from './workflow.record';
import { returnToAuthoringForFileChange } from './workflow.service';
import { closeStaleReminders, remindIfDue } from '../review-reminders/review-reminders.service';

/** One version as the document screen shows it, with what the caller may do with it. */
export async function viewDocument(ctx: OrgCtx, pnpId: number, documentId: number): Promise<PnpDocument> {
  const c = await loadDocContext(ctx, pnpId, documentId);
  return presentLoaded(ctx, c);
}

/**
 * Re-reads a version after a change in the same transaction and presents it. The draft's moves are
 * read here, not carried in the context, so a response after a move already counts it.
 */
export async function presentLoaded(ctx: OrgCtx, c: DocContext): Promise<PnpDocument> {
  const file = c.doc.fileId !== null ? await getStoredFile(ctx.tx, ctx.orgId, c.doc.fileId) : null;
  const location = await containerPath(ctx.tx, ctx.orgId, c.pnp.containerId);
  const draftMoves = await draftMovesOf(ctx.tx, c.doc);
  return presentDocument(c, file, location, utcDate(ctx.now), draftMoves);
}

const DRAFT_FIELDS = ['notes', 'origination_dt', 'effective_dt', 'review_cycle_years', 'reminder_days'] as const;
const ACTIVE_FIELDS = ['effective_dt', 'review_dt', 'reminder_dt', 'review_cycle_years', 'reminder_days'] as const;

const columnOf = {
  notes: 'notes',
  origination_dt: 'originationDt',
  effective_dt: 'effectiveDt',
  review_dt: 'reviewDt',
  reminder_dt: 'reminderDt',
  review_cycle_years: 'reviewCycleYears',
  reminder_days: 'reminderDays',
} as const;

/**
 * PUT pnp_documents/{id}: a draft's content while in Authoring (Owner, Author), or the dates of
 * the Active version (OA, BO, Owner). An archived version never changes.
 */
export async function updateDocument(ctx: OrgCtx, documentId: number, body: UpdateDocumentBody): Promise<PnpDocument> {
  const c = await loadDocContext(ctx, body.pnp_id, documentId, { lock: true });
  const { lock_version: openedVersion, ...input } = body.document;
  const given = (Object.keys(input) as Array<keyof typeof input>).filter((k) => input[k] !== undefined);
  if (c.doc.status === VersionStatus.Archived) throw unprocessable('An archived version cannot be changed.');
  const draft = c.doc.status === VersionStatus.Draft;
  allowDocument(c, draft ? 'edit_draft' : 'edit_dates');
  // Every writer of a version locks its P&P first, so the version read here stays current until this save commits.
  if (openedVersion !== undefined && openedVersion !== c.doc.lockVersion) throw conflict(VERSION_CHANGED_MESSAGE);
  const allowed: readonly string[] = draft ? DRAFT_FIELDS : ACTIVE_FIELDS;
  const refused = given.filter((k) => !allowed.includes(k));
  if (refused.length > 0) {
    throw unprocessable(
      draft
        ? 'The review and reminder dates are set when the draft is published.'
        : 'Only the dates and review cycle of the Active version can change; start a review to change its content.',
    );
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of given) {
    before[key] = c.doc[columnOf[key]];
    after[key] = input[key] === '' ? null : input[key];
  }
  // The dates as they will be stored, the ones not given included: each is checked against the other.
  // A date given as null (or '') is checked as cleared, not as the value it replaces.
  const storedDate = (key: 'origination_dt' | 'effective_dt' | 'review_dt' | 'reminder_dt'): string | null =>
    given.includes(key) ? ((after[key] as string | null | undefined) ?? null) : c.doc[columnOf[key]];
  if (draft) {
    const errors = documentDetailErrors(
      { origination_dt: storedDate('origination_dt'), effective_dt: storedDate('effective_dt') },
      utcDate(ctx.now),
    );
    if (errors.length > 0) throw unprocessable(...errors);
  } else {
    const errors = versionDateErrors({
      origination_dt: c.doc.originationDt,
      effective_dt: storedDate('effective_dt'),
      review_dt: storedDate('review_dt'),
      reminder_dt: storedDate('reminder_dt'),
    });
    if (errors.length > 0) throw unprocessable(...errors);
  }
  const changed = changedFields(before, after);
  const values: Partial<DocumentRow> = {};
  for (const key of given) (values as Record<string, unknown>)[columnOf[key]] = after[key];
  const doc = Object.keys(changed).length
    ? await updateDocumentRow(ctx.tx, ctx.orgId, c.doc.id, values, ctx.now)
    : c.doc;
  if (Object.keys(changed).length > 0) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'PnpDocument',
      objectId: doc.id,
      objectName: versionName(c.pnp.name, doc.versionNumber),
      actionName: 'Update',
      deltas: { changed },
    });
    if (!draft) {
      // Reminders for a review date the version no longer has are closed; the new date's is
      // given now when its reminder date is today or earlier.
      await closeStaleReminders(ctx.tx, ctx.orgId, doc.id, ctx.now);
      await remindIfDue(ctx.tx, ctx.orgId, doc.id, ctx.now);
    }
  }
  return presentLoaded(ctx, { ...c, doc });
}

/**
 * Replaces a version's file: a draft's by its owners and authors (a change after Authoring sends
 * it back to Authoring), the Active one's in place by OA, BO or Owner, logged, with no new version.
 */
export async function replaceDocumentFile(
  ctx: OrgCtx,
  pnpId: number,
  documentId: number,
  file: CheckedFile,
): Promise<PnpDocument> {
  const c = await loadDocContext(ctx, pnpId, documentId, { lock: true });
  if (c.doc.status === VersionStatus.Archived) throw unprocessable('An archived version cannot be changed.');
  const draft = c.doc.status === VersionStatus.Draft;
  allowDocument(c, draft ? 'upload_file' : 'replace_published_file');
  const oldFile = c.doc.fileId !== null ? await getStoredFile(ctx.tx, ctx.orgId, c.doc.fileId) : null;
  const stored = await storeFile(ctx, file);
  let doc = await updateDocumentRow(ctx.tx, ctx.orgId, c.doc.id, { fileId: stored.id }, ctx.now);
  if (oldFile) {
    const key = await deleteFileIfUnused(ctx.tx, ctx.orgId, oldFile.id);
    if (key) removeAfterSuccess(ctx, key);
  }
  const changed: Record<string, [unknown, unknown]> = { file: [oldFile?.originalName ?? null, stored.originalName] };
  const moved = { ...c, doc };
  if (draft && c.doc.draftStage !== DraftStage.Authoring) {
    doc = await returnToAuthoringForFileChange(ctx, moved, changed);
  } else {
    await recordTransition(ctx, {
      pnp: c.pnp,
      document: doc,
      action: 'Replace File',
      level: 'version',
      from: { status: doc.status, stage: doc.draftStage, step: doc.approvalStep },
      to: { status: doc.status, stage: doc.draftStage, step: doc.approvalStep },
      changed,
    });
  }
  const signoffs = await listSignoffs(ctx.tx, ctx.orgId, doc.id);
  const fresh: DocContext = { ...c, doc, signoffs, state: await documentState(ctx.tx, c, doc, signoffs) };
  return presentLoaded(ctx, fresh);
}

/** The stored file of a version the caller may see. */
export async function documentFile(ctx: OrgCtx, pnpId: number, documentId: number) {
  const c = await loadDocContext(ctx, pnpId, documentId);
  if (c.doc.fileId === null) throw unprocessable('This version has no file.');
  return getStoredFile(ctx.tx, ctx.orgId, c.doc.fileId);
}

/** The preview: PDFs are shown by the browser from the file URL, DOCX as HTML, TXT as text. */
export async function previewDocument(ctx: OrgCtx, pnpId: number, documentId: number): Promise<PreviewResponse> {
  const c = await loadDocContext(ctx, pnpId, documentId);
  if (c.doc.fileId === null) return { kind: 'none', html: null, text: null, file: null };
  const file = await getStoredFile(ctx.tx, ctx.orgId, c.doc.fileId);
  const info = presentFile(file);
  switch (file.extension) {
    case 'pdf':
      return { kind: 'pdf', html: null, text: null, file: info };
    case 'docx':
      try {
        return {
          kind: 'html',
          html: await storedDocxHtml(ctx.deps.files, file.storageKey),
          text: null,
          file: info,
        };
      } catch {
        return { kind: 'text', html: null, text: file.extractedText, file: info };
      }
    case 'txt':
      return { kind: 'text', html: null, text: file.extractedText, file: info };
    default:
      return { kind: 'none', html: null, text: null, file: info };
  }
}
