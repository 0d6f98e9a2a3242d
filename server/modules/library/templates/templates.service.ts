import type { FastifyReply } from 'fastify';
import type { FilePreview } from '../../../../shared/api/library';
import type {
  Template,
  TemplateList,
  TemplateListQuery,
  TemplateSearchBody,
  TemplateSearchPage,
} from '../../../../shared/api/templates';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/domain/limits';
import { notFound } from '../../../http/errors';
import type { OrgCtx } from '../../../http/routes';
import { previewDocument, sendDocument } from '../document-file';
import { scopeOf } from '../library.service';
import { snippetParts } from '../library.presenter';
import { listTemplateRows, type TemplateRow } from './templates.repo';
import { isoOfTimestamp } from '../../../db/timestamps';

function presentTemplate(row: TemplateRow): Template {
  const searching = row.in_name !== null;
  const matched: NonNullable<Template['matched_in']> = [];
  if (row.in_name) matched.push('name');
  if (row.in_description) matched.push('description');
  if (row.in_document) matched.push('document');
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    source: row.source,
    binders: row.binders,
    folders: row.folders,
    file_name: row.original_name,
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    updated_at: isoOfTimestamp(row.updated_at),
    ...(searching ? { matched_in: matched, snippet: snippetParts(row.headline) } : {}),
  };
}

/** GET pnp_templates: every template the organisation has, optionally of one source. */
export async function listTemplates(ctx: OrgCtx, query: TemplateListQuery): Promise<TemplateList> {
  const rows = await listTemplateRows(
    ctx.tx,
    scopeOf(ctx),
    { ...(query.source ? { source: query.source } : {}) },
    { offset: 0, limit: null },
  );
  return { templates: rows.map(presentTemplate), total: rows.length };
}

async function getTemplateRow(ctx: OrgCtx, id: number): Promise<TemplateRow> {
  const [row] = await listTemplateRows(ctx.tx, scopeOf(ctx), { id }, { offset: 0, limit: 1 });
  if (!row) throw notFound('The template');
  return row;
}

/** GET pnp_templates/{id}: one template of the organisation (another's, or an unknown id, is 404). */
export async function getTemplate(ctx: OrgCtx, id: number): Promise<Template> {
  return presentTemplate(await getTemplateRow(ctx, id));
}

/** GET pnp_templates/{id}/file: the template's document (view, download, or preview as HTML). */
export async function templateFile(
  ctx: OrgCtx,
  id: number,
  action: 'view' | 'download' | 'preview',
): Promise<FilePreview | FastifyReply> {
  const row = await getTemplateRow(ctx, id);
  const extension = row.original_name.includes('.') ? row.original_name.split('.').pop()! : '';
  const doc = { storageKey: row.storage_key, originalName: row.original_name, mimeType: row.mime_type, extension };
  if (action === 'preview') return previewDocument(ctx.deps.files, doc);
  return sendDocument(ctx.reply, ctx.deps.files, doc, action);
}

/** POST content_navigator_library/search_pnp_template: names (typo-tolerant), descriptions and text. */
export async function searchTemplates(ctx: OrgCtx, body: TemplateSearchBody): Promise<TemplateSearchPage> {
  const limit = DEFAULT_PAGE_SIZE;
  const criteria = { phrase: body.phrase, ...(body.source ? { source: body.source } : {}) };
  const rows = await listTemplateRows(ctx.tx, scopeOf(ctx), criteria, { offset: body.offset, limit });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && body.offset > 0) {
    total = (await listTemplateRows(ctx.tx, scopeOf(ctx), criteria, { offset: 0, limit: 1 }))[0]?.total ?? 0;
  }
  return { templates: rows.map(presentTemplate), total, offset: body.offset, limit };
}
