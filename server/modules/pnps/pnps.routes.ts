import { z } from 'zod';
import { ChangeLogList } from '../../../shared/api/change-logs';
import { PnpDocumentResponse } from '../../../shared/api/pnp-documents';
import { ID_MAX, queryId } from '../../../shared/api/primitives';
import {
  BulkUploadResponse,
  CreatePnpBody,
  CreatePnpResponse,
  NewPnpQuery,
  NewPnpResponse,
  NewWithTemplateQuery,
  NewWithTemplateResponse,
  PnpList,
  PnpListQuery,
  PnpResponse,
  RestoreBody,
  RetireBody,
  UpdatePnpBody,
} from '../../../shared/api/pnps';
import type { Deps } from '../../http/deps';
import { unprocessable } from '../../http/errors';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { gateUploads, intakeOf, singleFile } from '../files/upload-intake';
import { formFieldsBody, formOrJsonBody, parseWith } from './body-input';
import { assertMayReplaceFile } from './pnp-documents.routes';
import { bulkUpload, deletePnp, restorePnp, retirePnp } from './pnp-lifecycle.service';
import { replaceDocumentFile, viewDocument } from './pnp-documents.service';
import { listPnps, viewPnp } from './pnp-queries.service';
import { pnpChangeLogs } from './pnp-versions.service';
import { assertMayCreateIn, createPnp, describeNewPnp, findOrgTemplate, updatePnp } from './pnps.service';

const ById = z.object({ id: IdParam });
const ByDoc = z.object({ id: IdParam, docId: IdParam });
const BulkFields = z.object({
  container_id: z.coerce
    .number({ message: 'Choose the binder or folder to upload into.' })
    .int()
    .positive({ message: 'Choose the binder or folder to upload into.' })
    .max(ID_MAX, { message: 'Choose the binder or folder to upload into.' }),
  bulk_upload_id: queryId('bulk_upload_id').optional(),
});

/** A multipart upload can be as large as the file limit allows, plus its form fields. */
const uploadLimit = (deps: Deps, files = 1): number => deps.config.maxUploadBytes * files + 1024 * 1024;

const CREATE_URL = '/api/o/:org/pnps';
const BULK_URL = '/api/o/:org/pnps/bulk_upload';
const UPLOAD_DOCUMENT_URL = '/api/o/:org/pnps/:id/pnp_documents/:docId/upload_document';

/**
 * Who may send files to each upload route, decided before the files are read (issue 9): the same
 * checks the services make in the route's transaction, asked first in a short one of their own.
 */
function gatePnpUploads(): void {
  gateUploads('POST', CREATE_URL, async (ctx, { fields }) => {
    const body = parseWith(CreatePnpBody, formFieldsBody(fields, ['pnp', 'document']));
    await assertMayCreateIn(ctx, body.pnp.container_id);
  });
  gateUploads('POST', BULK_URL, async (ctx, { fields }) => {
    await assertMayCreateIn(ctx, parseWith(BulkFields, fields).container_id);
  });
  gateUploads('POST', UPLOAD_DOCUMENT_URL, async (ctx, { params }) => {
    const target = parseWith(ByDoc, params);
    await assertMayReplaceFile(ctx, target.id, target.docId);
  });
}

/** P&Ps (spec §7 'P&Ps'): list, create from a file or template, bulk upload, read, update, retire, restore, delete. */
export function registerPnpRoutes(app: App, deps: Deps): void {
  gatePnpUploads();
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps',
      summary: 'P&Ps the caller may see',
      schema: { querystring: PnpListQuery, response: { 200: PnpList } },
    },
    (ctx, { query }) => listPnps(ctx, query),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: CREATE_URL,
      summary:
        'Create a P&P with its first draft: multipart fields pnp and document (JSON) and file, or JSON with pnp.template_id',
      schema: { response: { 201: CreatePnpResponse } },
      bodyLimit: uploadLimit(deps),
    },
    async (ctx) => {
      const body = parseWith(CreatePnpBody, formOrJsonBody(ctx.req, ['pnp', 'document']));
      const intake = intakeOf(ctx.req);
      const file = body.pnp.template_id === undefined ? singleFile(intake) : singleFile(intake, 'file', false);
      const { pnp, doc } = await createPnp(ctx, body, file);
      ctx.reply.code(201);
      return { pnp: await viewPnp(ctx, pnp.id), pnp_document: await viewDocument(ctx, pnp.id, doc.id) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/new',
      summary: 'What the create-from-file wizard starts from',
      schema: { querystring: NewPnpQuery, response: { 200: NewPnpResponse } },
    },
    (ctx, { query }) => describeNewPnp(ctx, query.container_id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/new_with_template',
      summary: 'What the create-from-template wizard starts from',
      schema: { querystring: NewWithTemplateQuery, response: { 200: NewWithTemplateResponse } },
    },
    async (ctx, { query }) => {
      const t = await findOrgTemplate(ctx, query.template_id);
      return {
        template: {
          id: t.id,
          name: t.name,
          description: t.description,
          source: t.source,
          file_name: t.originalName,
          size_bytes: t.sizeBytes,
        },
        pnp: { name: t.name, description: t.description },
      };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: BULK_URL,
      summary:
        'Upload many files into one container, each a Draft P&P (multipart: container_id, bulk_upload_id?, files)',
      schema: { response: { 200: BulkUploadResponse } },
      bodyLimit: uploadLimit(deps, 50),
    },
    async (ctx) => {
      if (!ctx.req.isMultipart()) throw unprocessable('Upload the files as multipart form data.');
      const intake = intakeOf(ctx.req);
      const fields = parseWith(BulkFields, intake.fields);
      if (intake.files.length === 0) throw unprocessable('Please choose at least one file to upload.');
      const result = await bulkUpload(ctx, fields.container_id, fields.bulk_upload_id ?? null, intake);
      return {
        bulk_upload: {
          id: result.upload.id,
          container_id: result.upload.containerId,
          status: result.upload.status,
          total: result.upload.total,
          succeeded: result.upload.succeeded,
          failed: result.upload.failed,
          errors: result.upload.errors as Array<{ file_name: string; errors: string[] }>,
        },
        created: result.created,
        failed: result.failed,
      };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/pnps/retire',
      summary: 'Retire a published P&P (reason required)',
      schema: { body: RetireBody, response: { 200: PnpResponse } },
    },
    async (ctx, { body }) => {
      const pnp = await retirePnp(ctx, body.id, body.retire_reason);
      return { pnp: await viewPnp(ctx, pnp.id) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/pnps/restore',
      summary: 'Restore a retired P&P (org admins)',
      schema: { body: RestoreBody, response: { 200: PnpResponse } },
    },
    async (ctx, { body }) => {
      const pnp = await restorePnp(ctx, body.id);
      return { pnp: await viewPnp(ctx, pnp.id) };
    },
  );

  orgRoute(
    app,
    deps,
    { method: 'GET', url: '/api/o/:org/pnps/:id', schema: { params: ById, response: { 200: PnpResponse } } },
    async (ctx, { params }) => ({
      pnp: await viewPnp(ctx, params.id),
    }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/pnps/:id',
      summary: 'Change name, description, participants',
      schema: { params: ById, body: UpdatePnpBody, response: { 200: PnpResponse } },
    },
    async (ctx, { params, body }) => {
      const pnp = await updatePnp(ctx, params.id, body);
      return { pnp: await viewPnp(ctx, pnp.id) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'DELETE',
      url: '/api/o/:org/pnps/:id',
      summary: 'Delete a never-published P&P',
      schema: { params: ById },
    },
    async (ctx, { params }) => {
      await deletePnp(ctx, params.id);
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:id/change_logs',
      schema: { params: ById, response: { 200: ChangeLogList } },
    },
    async (ctx, { params }) => pnpChangeLogs(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: UPLOAD_DOCUMENT_URL,
      summary: "Replace a version's file (multipart file)",
      schema: { params: ByDoc, response: { 200: PnpDocumentResponse } },
      bodyLimit: uploadLimit(deps),
    },
    async (ctx, { params }) => {
      const file = singleFile(intakeOf(ctx.req))!;
      return { pnp_document: await replaceDocumentFile(ctx, params.id, params.docId, file) };
    },
  );
}
