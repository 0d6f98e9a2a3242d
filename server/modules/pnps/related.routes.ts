import { z } from 'zod';
import {
  AdditionalInfo,
  AdditionalInfoBody,
  AdditionalInfoList,
  Attachment,
  AttachmentList,
  PnpLinks,
  PnpLinksBody,
} from '../../../shared/api/pnps';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { sendStoredFile } from '../files/download';
import { gateUploads, intakeOf, singleFile } from '../files/upload-intake';
import { parseWith } from './body-input';
import {
  addAttachment,
  attachmentFile,
  listAdditionalInfos,
  listAttachments,
  listLinks,
  removeAdditionalInfo,
  removeAttachment,
  saveAdditionalInfo,
  setLinks,
} from './related.service';
import { allowPnp, loadPnpContext } from './workflow.context';

const ById = z.object({ id: IdParam });
const ByAttachment = z.object({ id: IdParam, attachmentId: IdParam });
const ByInfo = z.object({ id: IdParam, infoId: IdParam });
const FileAction = z.object({
  action_name: z.enum(['edit', 'view'], { message: "action_name must be 'edit' or 'view'." }).default('view'),
});

const ATTACHMENTS_URL = '/api/o/:org/pnps/:id/attachments';

/** Related information of a P&P (issue 5): attachments, additional information, links both ways. */
export function registerRelatedRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:id/attachments',
      schema: { params: ById, response: { 200: AttachmentList } },
    },
    (ctx, { params }) => listAttachments(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: ATTACHMENTS_URL,
      summary: 'Attach a file (multipart file)',
      schema: { params: ById, response: { 201: z.object({ attachment: Attachment }) } },
      bodyLimit: deps.config.maxUploadBytes + 1024 * 1024,
    },
    async (ctx, { params }) => {
      const attachment = await addAttachment(ctx, params.id, singleFile(intakeOf(ctx.req))!);
      ctx.reply.code(201);
      return { attachment };
    },
  );
  // What addAttachment checks, asked before the file is read (issue 9: permission before parsing).
  gateUploads('POST', ATTACHMENTS_URL, async (ctx, { params }) => {
    allowPnp(await loadPnpContext(ctx, parseWith(ById, params).id), 'edit_related');
  });

  orgRoute(
    app,
    deps,
    { method: 'DELETE', url: '/api/o/:org/pnps/:id/attachments/:attachmentId', schema: { params: ByAttachment } },
    async (ctx, { params }) => {
      await removeAttachment(ctx, params.id, params.attachmentId);
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:id/attachments/:attachmentId/file',
      schema: { params: ByAttachment, querystring: FileAction },
    },
    async (ctx, { params, query }) => {
      const file = await attachmentFile(ctx, params.id, params.attachmentId);
      return sendStoredFile(ctx.reply, ctx.deps.files, file, query.action_name === 'view' ? 'inline' : 'attachment');
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:id/additional_infos',
      schema: { params: ById, response: { 200: AdditionalInfoList } },
    },
    (ctx, { params }) => listAdditionalInfos(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/pnps/:id/additional_infos',
      schema: {
        params: ById,
        body: AdditionalInfoBody,
        response: { 201: z.object({ additional_info: AdditionalInfo }) },
      },
    },
    async (ctx, { params, body }) => {
      const info = await saveAdditionalInfo(ctx, params.id, null, body);
      ctx.reply.code(201);
      return { additional_info: info };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/pnps/:id/additional_infos/:infoId',
      schema: {
        params: ByInfo,
        body: AdditionalInfoBody,
        response: { 200: z.object({ additional_info: AdditionalInfo }) },
      },
    },
    async (ctx, { params, body }) => ({
      additional_info: await saveAdditionalInfo(ctx, params.id, params.infoId, body),
    }),
  );

  orgRoute(
    app,
    deps,
    { method: 'DELETE', url: '/api/o/:org/pnps/:id/additional_infos/:infoId', schema: { params: ByInfo } },
    async (ctx, { params }) => {
      await removeAdditionalInfo(ctx, params.id, params.infoId);
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:id/pnp_links',
      summary: 'linked_pnps and reverse_linked_pnps',
      schema: { params: ById, response: { 200: PnpLinks } },
    },
    (ctx, { params }) => listLinks(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/pnps/:id/pnp_links',
      summary: 'Replace the P&Ps this one links to',
      schema: { params: ById, body: PnpLinksBody, response: { 200: PnpLinks } },
    },
    async (ctx, { params, body }) => {
      await setLinks(ctx, params.id, body.linked_pnp_ids);
      return listLinks(ctx, params.id);
    },
  );
}
