import type { FastifyReply } from 'fastify';
import type {
  FavoriteResponse,
  FilePreview,
  LibraryDocument,
  LibraryFilterOptions,
  LibraryPage,
  LibraryQuery,
  LibraryTree,
  SearchBody,
} from '../../../shared/api/library';
import { LIBRARY_TREE_MAX_ITEMS } from '../../../shared/api/library';
import { DEFAULT_PAGE_SIZE, RECENT_WINDOW_DAYS } from '../../../shared/domain/limits';
import { commitWithFinalStatement, commitWithoutFlushWait } from '../../db/tenant';
import { notFound } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { previewDocument, previewKind, sendDocument } from './document-file';
import {
  findPublishedFile,
  listFilterContainers,
  listFilterOwners,
  openVisibleItem,
  upsertFavorite,
} from './library.repo';
import { buildTree, presentItem } from './library.presenter';
import {
  countByContainer,
  defaultSort,
  listLibraryPage,
  listLibraryRows,
  type LibraryCriteria,
  type LibraryRow,
  type LibraryScope,
  type PageOptions,
} from './search.repo';
import { wordsOf } from './search-match';

const DAY_MS = 86_400_000;

/** The caller and the one-year window of spec §9, from the request's clock. */
export function scopeOf(ctx: OrgCtx): LibraryScope {
  return {
    orgId: ctx.orgId,
    userId: ctx.actor.userId,
    isAdmin: ctx.actor.isAdmin,
    now: ctx.now,
    windowStart: new Date(ctx.now.getTime() - RECENT_WINDOW_DAYS * DAY_MS),
  };
}

const criteriaOf = (query: LibraryQuery): LibraryCriteria => {
  const { list: _list, offset: _offset, limit: _limit, sort: _sort, dir: _dir, ...criteria } = query;
  return criteria;
};

const isFiltered = (query: LibraryQuery): boolean =>
  Object.entries(criteriaOf(query)).some(([key, value]) => value !== undefined && !(key === 'view' && value === 'all'));

/** GET library: the flat list (`list=true`) or the tree of binders, folders and P&Ps. */
export async function browseLibrary(ctx: OrgCtx, query: LibraryQuery): Promise<LibraryPage | LibraryTree> {
  const scope = scopeOf(ctx);
  const criteria = criteriaOf(query);
  const expanded = isFiltered(query);
  if (query.list === 'true') {
    const order = query.sort
      ? { sort: query.sort, dir: query.dir ?? 'asc' }
      : defaultSort(query.view, Boolean(query.words));
    const offset = query.offset ?? 0;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const found = await findRows(ctx, scope, criteria, { offset, limit, ...order });
    return {
      items: found.rows.map((row) => presentItem(row, expanded)),
      total: found.total,
      ...cappedField(found),
      offset,
      limit,
    };
  }
  const found = await findRows(ctx, scope, criteria, {
    offset: 0,
    limit: LIBRARY_TREE_MAX_ITEMS,
    ...defaultSort(query.view, false),
    treeOrder: true,
  });
  const rows = found.rows;
  const containers = await countByContainer(ctx.tx, scope, found.criteria);
  const total = found.total;
  return {
    tree: buildTree(
      containers,
      rows.map((row) => presentItem(row, expanded)),
      expanded,
    ),
    total,
    ...cappedField(found),
    truncated: found.capped || total > rows.length,
  };
}

interface Found {
  rows: LibraryRow[];
  total: number;
  capped: boolean;
  criteria: LibraryCriteria;
}

/** `total_capped` only when the count stopped: answers that were exact keep their former shape. */
const cappedField = (found: { capped: boolean }): { total_capped?: true } =>
  found.capped ? { total_capped: true } : {};

/**
 * One page of matches with the total. A search that finds fewer than a page exactly also takes the
 * typo-tolerant pass, decided in its one statement; `criteria` then says which pass the page is (the
 * tree's counts follow it).
 */
async function findRows(
  ctx: OrgCtx,
  scope: LibraryScope,
  criteria: LibraryCriteria,
  page: PageOptions,
): Promise<Found> {
  if (!wordsOf(criteria)) return { ...(await listLibraryPage(ctx.tx, scope, criteria, page)), criteria };
  const found = await listLibraryPage(ctx.tx, scope, { ...criteria, fuzzy: 'auto' }, page);
  return { ...found, criteria: { ...criteria, fuzzy: Boolean(found.typoPass), ...found.depth } };
}

/** POST content_navigator_library/search_pnp: name, location, description and the documents' text. */
export async function searchLibrary(ctx: OrgCtx, body: SearchBody): Promise<LibraryPage> {
  const scope = scopeOf(ctx);
  const criteria: LibraryCriteria = { phrase: body.phrase };
  const limit = DEFAULT_PAGE_SIZE;
  // A first page is one statement (its count rides on its rows): its COMMIT goes with it, one round
  // trip fewer. A later page past the end asks again for the count (search.repo.ts), so it commits apart.
  if (body.offset === 0) commitWithFinalStatement(ctx.tx);
  const found = await findRows(ctx, scope, criteria, { offset: body.offset, limit, sort: 'relevance', dir: 'desc' });
  return {
    items: found.rows.map((row) => presentItem(row, true)),
    total: found.total,
    ...cappedField(found),
    offset: body.offset,
    limit,
  };
}

/** A library item the user may see (published, effective, visible), or 404: nothing tells it exists. */
export async function getVisibleItem(ctx: OrgCtx, pnpId: number): Promise<LibraryRow> {
  const [row] = await listLibraryRows(
    ctx.tx,
    scopeOf(ctx),
    { pnpIds: [pnpId] },
    { offset: 0, limit: 1, sort: 'name', dir: 'asc' },
  );
  if (!row) throw notFound('The P&P');
  return row;
}

/** GET library/{pnpId}: the published P&P and its Active version; records the view. */
export async function openLibraryItem(ctx: OrgCtx, pnpId: number): Promise<LibraryDocument> {
  // The view it records is worth less than waiting for the disk on every opening (tenant.ts).
  await commitWithoutFlushWait(ctx.tx);
  // Its one statement: the COMMIT goes with it, so the view count's row is locked for the statement alone.
  commitWithFinalStatement(ctx.tx);
  // A view is the user's own evidence of having opened the document: a read acknowledgement
  // accepts it as proof of reading, and the views report and their recently viewed list show it.
  // Staff signed in as the user (login-as) opening it is not the user opening it, so no view is
  // recorded at all. Not recording it, rather than recording it marked with the sudoer, keeps every
  // reader of library_views and library_last_views (read acknowledgements, reports, recently
  // viewed, the view counts' triggers) right without each having to know to leave such rows out.
  const recordView = ctx.actor.sudoer === null;
  const opened = await openVisibleItem(ctx.tx, scopeOf(ctx), pnpId, ctx.now, recordView);
  if (!opened) throw notFound('The P&P');
  const {
    file_storage_key: storageKey,
    file_original_name: originalName,
    file_mime_type: mimeType,
    file_extension: extension,
    file_size_bytes: sizeBytes,
    ...row
  } = opened;
  const file =
    storageKey !== null && originalName !== null && mimeType !== null && extension !== null && sizeBytes !== null
      ? { original_name: originalName, mime_type: mimeType, extension, size_bytes: Number(sizeBytes) }
      : null;
  const item = presentItem(recordView ? { ...row, recent_view: ctx.now.toISOString() } : row, false);
  return {
    item,
    file: file
      ? {
          name: file.original_name,
          mime_type: file.mime_type,
          extension: file.extension,
          size_bytes: file.size_bytes,
          preview: previewKind({ mimeType: file.mime_type, extension: file.extension }),
        }
      : null,
  };
}

/** PATCH library/{pnpId}/handle_favorite. */
export async function setFavorite(ctx: OrgCtx, pnpId: number, favorite: boolean): Promise<FavoriteResponse> {
  await getVisibleItem(ctx, pnpId);
  const row = await upsertFavorite(ctx.tx, ctx.orgId, ctx.actor.userId, pnpId, favorite, ctx.now);
  return { pnp_id: row.pnp_id, favorite: row.favorite, favorite_updated_at: row.favorite_updated_at.toISOString() };
}

/** GET library/{pnpId}/file: the published file (view, download) or its HTML rendering (preview). */
export async function libraryFile(
  ctx: OrgCtx,
  pnpId: number,
  action: 'view' | 'download' | 'preview',
): Promise<FilePreview | FastifyReply> {
  await getVisibleItem(ctx, pnpId);
  const file = await findPublishedFile(ctx.tx, ctx.orgId, pnpId);
  if (!file) throw notFound('The published file');
  const doc = {
    storageKey: file.storage_key,
    originalName: file.original_name,
    mimeType: file.mime_type,
    extension: file.extension,
  };
  if (action === 'preview') return previewDocument(ctx.deps.files, doc);
  return sendDocument(ctx.reply, ctx.deps.files, doc, action);
}

/** GET library/filter_options: the advanced search's binders/folders and owners, as far as the user sees. */
export async function libraryFilterOptions(ctx: OrgCtx): Promise<LibraryFilterOptions> {
  const scope = scopeOf(ctx);
  return { containers: await listFilterContainers(ctx.tx, scope), owners: await listFilterOwners(ctx.tx, scope) };
}
