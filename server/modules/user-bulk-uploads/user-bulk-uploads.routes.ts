import {
  UserBulkUploadList,
  UserBulkUploadQuery,
  UserBulkUploadResponse,
  UserTemplateQuery,
} from '../../../shared/api/user-bulk-uploads';
import type { Deps } from '../../http/deps';
import { unprocessable } from '../../http/errors';
import { orgRoute, type App, type OrgCtx } from '../../http/routes';
import { readSheetInWorker } from './read-sheet';
import { UPLOAD_BODY_LIMIT } from './raw-body';
import { listUploads } from './user-import.repo';
import {
  errorSentences,
  importUserRows,
  recordRefusal,
  TakenUsernames,
  type ImportResult,
} from './user-import.service';
import { readUserRows } from './user-rows';
import { TEMPLATE_FILE_NAME, templateCsv, templateXlsx } from './user-template';

const BASE = '/api/o/:org/user_bulk_uploads';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A name fit to show and store: no path, no control characters. */
const cleanFileName = (name: string | undefined): string | null => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return clean ? clean.slice(0, 255) : null;
};

function answer(ctx: OrgCtx, result: ImportResult): unknown {
  if (result.rowErrors.length === 0) return { upload: result.upload };
  ctx.reply.code(422);
  return { errors: errorSentences(result.rowErrors), row_errors: result.rowErrors, upload: result.upload };
}

/** The file is read before the transaction's work; nothing is imported unless every row is right. */
async function upload(ctx: OrgCtx, body: unknown, fileName: string | null): Promise<unknown> {
  if (!Buffer.isBuffer(body)) {
    throw unprocessable('Send the CSV or XLSX file itself as the request body, not as a form.');
  }
  if (body.length === 0) throw unprocessable('Please choose a file to upload. The file sent was empty.');
  const sheet = await readSheetInWorker(body, fileName);
  if (!sheet.ok) return answer(ctx, await recordRefusal(ctx, fileName, 0, [sheet.error]));
  const { rows, errors } = readUserRows(sheet.rows);
  try {
    // A savepoint: usernames held in another organisation are found only by inserting, and then
    // every row of the file is undone while the refusal itself stays in the history.
    return answer(ctx, await ctx.tx.transaction((sp) => importUserRows({ ...ctx, tx: sp }, fileName, rows, errors)));
  } catch (error) {
    if (error instanceof TakenUsernames)
      return answer(ctx, await recordRefusal(ctx, fileName, error.total, error.errors));
    throw error;
  }
}

export function registerUserBulkUploadRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: BASE,
      summary: 'Bulk upload of users: the CSV or XLSX file itself as the body (?file_name= names it); all rows or none',
      adminOnly: true,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { querystring: UserBulkUploadQuery, response: { 200: UserBulkUploadResponse } },
    },
    (ctx, { query }) => upload(ctx, ctx.req.body, cleanFileName(query.file_name)),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: BASE,
      summary: 'The import history of users, newest first',
      adminOnly: true,
      schema: { response: { 200: UserBulkUploadList } },
    },
    async (ctx) => ({ user_bulk_uploads: await listUploads(ctx.tx, ctx.orgId) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/template`,
      summary: 'The template for a bulk upload of users (format=csv|xlsx)',
      adminOnly: true,
      schema: { querystring: UserTemplateQuery },
    },
    async (ctx, { query }) => {
      const xlsx = query.format === 'xlsx';
      const bytes = xlsx ? await templateXlsx() : templateCsv();
      return ctx.reply
        .header('content-type', xlsx ? XLSX_MIME : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}.${query.format}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
