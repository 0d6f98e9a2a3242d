import { z } from 'zod';
import {
  AdhocSendBody,
  CancelDraftBody,
  CancelDraftResult,
  CompareQuery,
  CompareResponse,
  FileQuery,
  HistoryList,
  PnpDocument,
  PnpDocumentResponse,
  PnpIdQuery,
  PreviewResponse,
  RevisionBody,
  UpdateDocumentBody,
  VersionList,
  WorkflowBody,
  WorkList,
  WorkListQuery,
} from '../../../shared/api/pnp-documents';
import { queryId } from '../../../shared/api/primitives';
import { VersionStatus } from '../../../shared/domain/statuses';
import type { Deps } from '../../http/deps';
import { AppError, unprocessable } from '../../http/errors';
import { IdParam, orgRoute, type App } from '../../http/routes';
import type { OrgCtx } from '../../http/routes';
import { afterCommit } from '../files/after-commit';
import { sendStoredFile } from '../files/download';
import { gateUploads, intakeOf, singleFile } from '../files/upload-intake';
import { parseWith } from './body-input';
import {
  documentFile,
  previewDocument,
  replaceDocumentFile,
  updateDocument,
  viewDocument,
} from './pnp-documents.service';
import { diffCompared, loadCompared, listVersions, listWorkflowHistory, listWorkItems } from './pnp-versions.service';
import { extendReview, startRevision } from './publishing.service';
import { findDocumentByStatus } from './pnps.repo';
import { allowDocument, loadDocContext } from './workflow.context';
import { assertDraftAsSeen, runWorkflowAction, sendToAuthors } from './workflow.service';

const ById = z.object({ id: IdParam });
const WorkflowResult = z.object({
  pnp_document: PnpDocument.nullable(),
  active_document_id: z.number().int().nullable(),
});
const ReplaceFields = z.object({
  pnp_id: queryId('pnp_id'),
  id: queryId('id'),
});

/**
 * Whether the caller may put a new file on this version: what replaceDocumentFile checks, asked
 * before the upload is read (issue 9: permission before parsing).
 */
export async function assertMayReplaceFile(ctx: OrgCtx, pnpId: number, documentId: number): Promise<void> {
  const c = await loadDocContext(ctx, pnpId, documentId);
  if (c.doc.status === VersionStatus.Archived) throw unprocessable('An archived version cannot be changed.');
  allowDocument(c, c.doc.status === VersionStatus.Draft ? 'upload_file' : 'replace_published_file');
}

const REPLACE_FILE_URL = '/api/o/:org/pnp_documents/replace_file';

/** P&P documents (spec §7 'P&P documents') and the workflow actions on a version. */
export function registerPnpDocumentRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents',
      summary: 'Drafts the caller works on',
      schema: { querystring: WorkListQuery, response: { 200: WorkList } },
    },
    async (ctx, { query }) => {
      const { items, capped } = await listWorkItems(ctx, query.awaiting_me === 'true');
      return { pnp_documents: items, total: items.length, ...(capped ? { total_capped: true } : {}) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents/versions',
      schema: { querystring: PnpIdQuery, response: { 200: VersionList } },
    },
    async (ctx, { query }) => ({
      versions: await listVersions(ctx, query.pnp_id),
    }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents/workflow_history',
      schema: { querystring: PnpIdQuery, response: { 200: HistoryList } },
    },
    async (ctx, { query }) => ({ workflow_history: await listWorkflowHistory(ctx, query.pnp_id) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents/compare',
      summary: 'Text differences of two versions',
      schema: { querystring: CompareQuery, response: { 200: CompareResponse } },
    },
    async (ctx, { query }) => {
      // The texts are read in the transaction; the diff runs in a parser worker after it has ended.
      const compared = await loadCompared(ctx, query.pnp_id, query.from, query.to);
      return afterCommit(() => diffCompared(compared));
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/pnp_documents/cancel_draft',
      summary: 'Cancel a draft at any stage',
      schema: { body: CancelDraftBody, response: { 200: CancelDraftResult } },
    },
    async (ctx, { body }) => {
      await runWorkflowAction(ctx, body.pnp_id, body.id, {
        action: 'cancel_draft',
        ...(body.comment ? { comment: body.comment } : {}),
      });
      const active = await findDocumentByStatus(ctx.tx, ctx.orgId, body.pnp_id, VersionStatus.Active);
      return { pnp_id: body.pnp_id, active_document_id: active?.id ?? null };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: REPLACE_FILE_URL,
      summary: "Replace a version's file (multipart: pnp_id, id, file); the Active one's without a new version",
      schema: { response: { 200: PnpDocumentResponse } },
      bodyLimit: deps.config.maxUploadBytes + 1024 * 1024,
    },
    async (ctx) => {
      if (!ctx.req.isMultipart()) throw unprocessable('Upload the file as multipart form data.');
      const intake = intakeOf(ctx.req);
      const fields = parseWith(ReplaceFields, intake.fields);
      const file = singleFile(intake)!;
      return { pnp_document: await replaceDocumentFile(ctx, fields.pnp_id, fields.id, file) };
    },
  );
  gateUploads('POST', REPLACE_FILE_URL, async (ctx, { fields }) => {
    const target = parseWith(ReplaceFields, fields);
    await assertMayReplaceFile(ctx, target.pnp_id, target.id);
  });

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents/:id',
      schema: { params: ById, querystring: PnpIdQuery, response: { 200: PnpDocumentResponse } },
    },
    async (ctx, { params, query }) => ({ pnp_document: await viewDocument(ctx, query.pnp_id, params.id) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents/:id/file',
      summary: "A version's file: action_name=view inline, edit as a download",
      schema: { params: ById, querystring: FileQuery },
    },
    async (ctx, { params, query }) => {
      const file = await documentFile(ctx, query.pnp_id, params.id);
      return sendStoredFile(ctx.reply, ctx.deps.files, file, query.action_name === 'view' ? 'inline' : 'attachment');
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_documents/:id/preview',
      schema: { params: ById, querystring: PnpIdQuery, response: { 200: PreviewResponse } },
    },
    async (ctx, { params, query }) => previewDocument(ctx, query.pnp_id, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/pnp_documents/:id',
      summary: "A draft's content, or the Active version's dates",
      schema: { params: ById, body: UpdateDocumentBody, response: { 200: PnpDocumentResponse } },
    },
    async (ctx, { params, body }) => ({ pnp_document: await updateDocument(ctx, params.id, body) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/pnp_documents/:id/workflow',
      summary:
        'One step of the draft workflow: submit, accept_review, decline_review, approve, decline_approval, publish, send_to_authors, cancel_draft',
      schema: { params: ById, querystring: PnpIdQuery, body: WorkflowBody, response: { 200: WorkflowResult } },
    },
    async (ctx, { params, query, body }) => {
      const { deleted } = await runWorkflowAction(ctx, query.pnp_id, params.id, body);
      const active = await findDocumentByStatus(ctx.tx, ctx.orgId, query.pnp_id, VersionStatus.Active);
      return {
        pnp_document: deleted ? null : await viewIfVisible(ctx, query.pnp_id, params.id),
        active_document_id: active?.id ?? null,
      };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/pnp_documents/:id/adhoc_send_to_authors',
      summary:
        'Send to authors: a revision of the Active version, or a draft back to Authoring, with a target effective date',
      schema: {
        params: ById,
        querystring: PnpIdQuery,
        body: AdhocSendBody.default({}),
        response: { 200: PnpDocumentResponse },
      },
    },
    async (ctx, { params, query, body }) => {
      const c = await loadDocContext(ctx, query.pnp_id, params.id, { lock: true });
      await assertDraftAsSeen(ctx, c, body.expected);
      if (c.doc.status === VersionStatus.Active) {
        const draft = await startRevision(ctx, query.pnp_id, params.id, {
          ...(body.comment ? { comment: body.comment } : {}),
          ...(body.effective_date ? { effectiveDt: body.effective_date } : {}),
        });
        return { pnp_document: await viewDocument(ctx, query.pnp_id, draft.id) };
      }
      await sendToAuthors(ctx, c, body.comment, body.effective_date);
      return { pnp_document: await viewDocument(ctx, query.pnp_id, params.id) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/pnp_documents/:id/start_revision',
      summary: 'Start Review: a revision draft of the Active version',
      schema: {
        params: ById,
        querystring: PnpIdQuery,
        body: RevisionBody.default({}),
        response: { 201: PnpDocumentResponse },
      },
    },
    async (ctx, { params, query, body }) => {
      const draft = await startRevision(ctx, query.pnp_id, params.id, body.comment ? { comment: body.comment } : {});
      ctx.reply.code(201);
      return { pnp_document: await viewDocument(ctx, query.pnp_id, draft.id) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/pnp_documents/:id/extend_review',
      summary: 'Extend: reviewed with no changes; review and reminder dates move on by the cycle',
      schema: {
        params: ById,
        querystring: PnpIdQuery,
        body: RevisionBody.default({}),
        response: { 200: PnpDocumentResponse },
      },
    },
    async (ctx, { params, query, body }) => {
      await extendReview(ctx, query.pnp_id, params.id, body.comment);
      return { pnp_document: await viewDocument(ctx, query.pnp_id, params.id) };
    },
  );
}

/**
 * The version after a workflow step, or null when the caller may not see it: a delegate acts for
 * an away approver on a P&P they hold no role on themselves (ADR 0011). The step itself was
 * authorised; reading it back must not undo it.
 */
async function viewIfVisible(ctx: OrgCtx, pnpId: number, documentId: number) {
  try {
    return await viewDocument(ctx, pnpId, documentId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
