import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { withFirstOpened, zipAfterCommit } from './reporting.export';
import { pnpInScope, reportScope } from './reporting.scope';

/**
 * Every version file of a retired P&P in scope, as one zip (404 when not retired or not in scope).
 * The P&P and its files are looked up, and the first file opened, in the request's transaction; the
 * zip is written after it has committed, from file storage alone, so a slow download holds no
 * transaction (on the embedded database, one connection, it stalled every other request).
 */
export async function downloadRetiredDocuments(ctx: OrgCtx, pnpId: number): Promise<Readable> {
  const scope = await reportScope(ctx);
  const [pnp] = await queryRows<{ name: string }>(
    ctx.tx,
    sql`select p.name from pnps p
         where p.org_id = ${scope.orgId} and p.id = ${pnpId} and p.status = 3 and ${pnpInScope(scope, 'p')}`,
  );
  if (!pnp) throw notFound('The retired P&P');
  const files = await queryRows<{
    id: number;
    version_number: number | null;
    storage_key: string;
    original_name: string;
  }>(
    ctx.tx,
    sql`select d.id, d.version_number, f.storage_key, f.original_name
          from pnp_documents d join stored_files f on f.org_id = ${scope.orgId} and f.id = d.file_id
         where d.org_id = ${scope.orgId} and d.pnp_id = ${pnpId}
         order by d.version_number nulls last, d.id`,
  );
  // Entry names: the version, then the uploaded name without any path (never a way out of the folder).
  const entries = files.map((file) => {
    const base = (file.original_name.split(/[\\/]/).pop() ?? 'document').replace(/[^\w .()-]/g, '_') || 'document';
    const version = file.version_number === null ? `draft-${file.id}` : `v${file.version_number}`;
    return { name: `${version} - ${base}`, open: () => ctx.deps.files.stream(file.storage_key) };
  });
  return zipAfterCommit(ctx, `${pnp.name} - versions.zip`, await withFirstOpened(ctx, entries));
}
