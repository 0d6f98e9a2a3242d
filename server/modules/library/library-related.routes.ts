import { z } from 'zod';
import { LibraryRelated } from '../../../shared/api/library-related';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { libraryAttachmentFile, libraryRelated } from './library-related.service';

const PnpParams = z.object({ pnpId: IdParam });
const AttachmentParams = z.object({ pnpId: IdParam, attachmentId: IdParam });

/** Related information of a published P&P for its readers (issue 10: attachments, additional info, links). */
export function registerLibraryRelatedRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/library/:pnpId/related',
      summary: "A published P&P's attachments, additional information and the linked P&Ps the caller may read",
      schema: { params: PnpParams, response: { 200: LibraryRelated } },
    },
    async (ctx, { params }) => libraryRelated(ctx, params.pnpId),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/library/:pnpId/attachments/:attachmentId/file',
      summary: 'An attachment of a published P&P the caller may read, as a download',
      schema: { params: AttachmentParams },
    },
    async (ctx, { params }) => libraryAttachmentFile(ctx, params.pnpId, params.attachmentId),
  );
}
