import { z } from 'zod';
import {
  FavoriteBody,
  FavoriteResponse,
  FileActionQuery,
  LibraryDocument,
  LibraryFilterOptions,
  LibraryPage,
  LibraryQuery,
  LibraryResponse,
  SearchBody,
} from '../../../shared/api/library';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { trustedJson } from '../../http/trusted-response';
import { gateSearches } from './search-gate';
import {
  browseLibrary,
  libraryFile,
  libraryFilterOptions,
  openLibraryItem,
  searchLibrary,
  setFavorite,
} from './library.service';

const PnpParams = z.object({ pnpId: IdParam });

const LIBRARY_URL = '/api/o/:org/library';
const SEARCH_URL = '/api/o/:org/content_navigator_library/search_pnp';
/** The library's list or tree is a search when the advanced search gives words. */
const hasWords = (query: unknown): boolean => {
  const words = (query as { words?: unknown } | undefined)?.words;
  return typeof words === 'string' && words.trim() !== '';
};

/** The library of published P&Ps and its search (spec §7 "Library and search"). */
export function registerLibraryRoutes(app: App, deps: Deps): void {
  gateSearches(app, [SEARCH_URL, { url: LIBRARY_URL, when: hasWords }]);

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: LIBRARY_URL,
      summary: 'The library: the tree of binders, folders and published P&Ps, or the flat list with list=true',
      schema: { querystring: LibraryQuery, response: { 200: LibraryResponse } },
    },
    async (ctx, { query }) => trustedJson(ctx.deps.config, ctx.reply, LibraryResponse, await browseLibrary(ctx, query)),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/library/filter_options',
      summary: 'Binders, folders and owners to choose from in the advanced search',
      schema: { querystring: z.object({}).strict(), response: { 200: LibraryFilterOptions } },
    },
    async (ctx) => libraryFilterOptions(ctx),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/library/:pnpId',
      summary: 'A published P&P with its Active version (records a view)',
      schema: { params: PnpParams, response: { 200: LibraryDocument } },
    },
    async (ctx, { params }) => openLibraryItem(ctx, params.pnpId),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/library/:pnpId/file',
      summary: 'The published file: view (PDF inline), download, or preview (DOCX as HTML)',
      schema: { params: PnpParams, querystring: FileActionQuery },
    },
    async (ctx, { params, query }) => libraryFile(ctx, params.pnpId, query.action_name),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PATCH',
      url: '/api/o/:org/library/:pnpId/handle_favorite',
      summary: 'Adds a published P&P to the favourites, or removes it',
      schema: { params: PnpParams, body: FavoriteBody, response: { 200: FavoriteResponse } },
    },
    async (ctx, { params, body }) => setFavorite(ctx, params.pnpId, body.favorite),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: SEARCH_URL,
      summary: 'Searches the library: names (typo-tolerant), locations, descriptions and the documents text',
      onlyReads: true,
      schema: { body: SearchBody, response: { 200: LibraryPage } },
    },
    async (ctx, { body }) => {
      ctx.reply.code(200);
      return searchLibrary(ctx, body);
    },
  );
}
