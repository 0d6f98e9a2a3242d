import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** Attachments, additional information and links of a P&P, as its readers see them. */

export interface AttachmentRow {
  id: number;
  name: string;
  extension: string;
  size_bytes: number;
  storage_key: string;
  mime_type: string;
}

/** A P&P's attachments with their stored files, oldest first (the order they were added in). */
export async function listAttachmentRows(db: Executor, orgId: number, pnpId: number): Promise<AttachmentRow[]> {
  return queryRows<AttachmentRow>(
    db,
    sql`select a.id, a.name, f.extension, f.size_bytes::int as size_bytes, f.storage_key, f.mime_type
          from attachments a join stored_files f on f.org_id = a.org_id and f.id = a.file_id
         where a.org_id = ${orgId} and a.pnp_id = ${pnpId}
         order by a.created_at, a.id`,
  );
}

export async function listAdditionalInfoRows(
  db: Executor,
  orgId: number,
  pnpId: number,
): Promise<{ id: number; title: string; content: string }[]> {
  return queryRows(
    db,
    sql`select id, title, content from additional_infos
         where org_id = ${orgId} and pnp_id = ${pnpId}
         order by created_at, id`,
  );
}

/** Ids of the P&Ps linked to this one, either way (it links to them, or they link to it). */
export async function listLinkedPnpIds(db: Executor, orgId: number, pnpId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select linked_pnp_id as id from pnp_links where org_id = ${orgId} and pnp_id = ${pnpId}
        union
        select pnp_id as id from pnp_links where org_id = ${orgId} and linked_pnp_id = ${pnpId}`,
  );
  return rows.map((row) => Number(row.id));
}
