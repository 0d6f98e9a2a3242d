import { sql, type SQL } from 'drizzle-orm';
import { VersionStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { subtreeCte } from './containers.repo';

/** What a copy reads: the source subtree, its P&Ps with their current file, and its overrides. */

export interface SubtreeContainer {
  id: number;
  type: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  position: number;
  inherits_access: boolean;
  depth: number;
}

export interface SubtreePnp {
  id: number;
  container_id: number;
  name: string;
  description: string | null;
  inherits_access: boolean;
  position: number;
  template_id: number | null;
  file_id: number | null;
  storage_key: string | null;
  original_name: string | null;
  mime_type: string | null;
  extension: string | null;
  size_bytes: number | null;
  sha256: string | null;
  extracted_text: string | null;
}

export interface SourceGrant {
  container_id: number | null;
  pnp_id: number | null;
  user_id: number | null;
  group_id: number | null;
  role: number;
  approval_step: number | null;
}

const subtreeWithDepth = (orgId: number, rootId: number): SQL => sql`
  sub(id, depth) as (
    select id, 0 from containers where org_id = ${orgId} and id = ${rootId}
    union all
    select c.id, sub.depth + 1 from containers c join sub on c.parent_id = sub.id where c.org_id = ${orgId}
  )`;

/** The containers of a subtree, parents before children. */
export async function listSubtreeContainers(db: Executor, orgId: number, rootId: number): Promise<SubtreeContainer[]> {
  return queryRows(
    db,
    sql`with recursive ${subtreeWithDepth(orgId, rootId)}
        select c.id, c.type::int as type, c.parent_id, c.name, c.description, c.position, c.inherits_access, sub.depth
          from containers c join sub on sub.id = c.id where c.org_id = ${orgId}
         order by sub.depth, c.position, c.id`,
  );
}

/** P&Ps of a subtree (or one P&P) with their current file: the Active version's, else the Draft's. */
export async function listPnpsToCopy(
  db: Executor,
  orgId: number,
  source: { rootId: number } | { pnpId: number },
): Promise<SubtreePnp[]> {
  const scope = 'rootId' in source ? sql`p.container_id in (select id from sub)` : sql`p.id = ${source.pnpId}`;
  return queryRows(
    db,
    sql`with recursive ${subtreeCte(orgId, 'rootId' in source ? source.rootId : 0)}
        select p.id, p.container_id, p.name, p.description, p.inherits_access, p.position, p.template_id,
               f.id as file_id, f.storage_key, f.original_name, f.mime_type, f.extension, f.size_bytes, f.sha256, f.extracted_text
          from pnps p
          left join lateral (
            select d.file_id from pnp_documents d
             where d.org_id = ${orgId} and d.pnp_id = p.id and d.status in (${VersionStatus.Draft}, ${VersionStatus.Active})
             order by d.status desc limit 1
          ) cur on true
          left join stored_files f on f.org_id = ${orgId} and f.id = cur.file_id
         where p.org_id = ${orgId} and ${scope}
         order by p.position, p.id`,
  );
}

/** The overrides (own grants) of the given containers and P&Ps. */
export async function listGrantsOf(
  db: Executor,
  orgId: number,
  containerIds: number[],
  pnpIds: number[],
): Promise<SourceGrant[]> {
  if (containerIds.length === 0 && pnpIds.length === 0) return [];
  return queryRows(
    db,
    sql`select container_id, pnp_id, user_id, group_id, role::int as role, approval_step::int as approval_step
          from access_grants
         where org_id = ${orgId}
           and (container_id = any(${intArray(containerIds)}) or pnp_id = any(${intArray(pnpIds)}))`,
  );
}
