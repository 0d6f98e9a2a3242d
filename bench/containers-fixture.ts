// Shared by containers.bench.ts and tree-render.bench.ts: an organisation whose tree holds a given
// number of nodes (binders, folders, sub-folders and P&Ps), seeded set-based (INSERT ... SELECT
// generate_series) on PGlite, with an admin and a reader whose roles come through a group and
// through folder overrides. Not a test: it measures.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client';
import { hashPassword } from '../server/modules/auth/password';

export const PASSWORD = 'BenchPassword2026';
export const ADMIN_LOGIN = 'tree.admin';
export const READER_LOGIN = 'tree.reader';

export interface TreeSeed {
  orgId: number;
  adminId: number;
  readerId: number;
  containers: number;
  pnps: number;
}

/**
 * `nodes` nodes in all: 1 binder per 500 nodes (at least 2), 10 folders per binder, 4 sub-folders per
 * folder, the rest P&Ps spread over the sub-folders (every third published with an Active version).
 */
export async function seedTree(database: Database, nodes: number, tenant = 'tree-bench'): Promise<TreeSeed> {
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  const one = async <T>(query: SQL): Promise<T> => (await queryRows<T>(db, query))[0]!;
  const binders = Math.max(2, Math.round(nodes / 500));
  const containers = binders * (1 + 10 + 40);
  const pnps = nodes - containers;
  if (pnps < 0) throw new Error(`${nodes} nodes are too few for ${containers} containers`);

  const { id: orgId } = await one<{ id: number }>(
    sql`insert into organizations (name, tenant) values ('Tree Bench Health', ${tenant}) returning id`,
  );
  const { id: adminId } = await one<{ id: number }>(
    sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash, is_admin)
        values (${orgId}, 'Tree', 'Admin', ${`${ADMIN_LOGIN}@bench.example`}, ${ADMIN_LOGIN}, ${hash}, true) returning id`,
  );
  const { id: readerId } = await one<{ id: number }>(
    sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash)
        values (${orgId}, 'Tree', 'Reader', ${`${READER_LOGIN}@bench.example`}, ${READER_LOGIN}, ${hash}) returning id`,
  );
  const { id: groupId } = await one<{ id: number }>(
    sql`insert into user_groups (org_id, name) values (${orgId}, 'All Staff') returning id`,
  );
  await db.execute(
    sql`insert into group_memberships (org_id, group_id, user_id) values (${orgId}, ${groupId}, ${readerId})`,
  );

  await db.execute(sql`insert into containers (org_id, type, name, position, inherits_access)
                       select ${orgId}, 1, 'Binder ' || i, i - 1, false from generate_series(1, ${binders}) i`);
  await db.execute(sql`insert into containers (org_id, type, parent_id, name, position)
                       select ${orgId}, 2, b.id, 'Folder ' || (b.position + 1) || '.' || j, j - 1
                         from containers b cross join generate_series(1, 10) j where b.org_id = ${orgId} and b.type = 1`);
  await db.execute(sql`insert into containers (org_id, type, parent_id, name, position)
                       select ${orgId}, 2, f.id, f.name || '.' || k, k - 1
                         from containers f join containers b on b.id = f.parent_id and b.type = 1
                        cross join generate_series(1, 4) k where f.org_id = ${orgId}`);
  // P&Ps round-robin over the sub-folders.
  await db.execute(sql`
    with leaves as (
      select c.id, (row_number() over (order by c.id) - 1)::int as n, (count(*) over ())::int as total
        from containers c join containers p on p.id = c.parent_id
       where c.org_id = ${orgId} and p.type = 2
    )
    insert into pnps (org_id, container_id, name, status, position)
    select ${orgId}, l.id, 'Policy ' || i, case when i % 3 = 0 then 2 else 1 end, i / l.total
      from generate_series(0, ${pnps - 1}) i join leaves l on l.n = i % l.total`);
  await db.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, draft_stage, published_at)
                       select ${orgId}, id, case when status = 2 then 1 end, case when status = 2 then 2 else 1 end,
                              case when status = 2 then null else 2 end, case when status = 2 then now() - interval '30 days' end
                         from pnps where org_id = ${orgId}`);
  // Access: the reader's group is Audience on half the binders; the reader is Author on one folder
  // that overrides; every tenth folder overrides with the admin as Owner (inheritance is cut there).
  await db.execute(sql`insert into access_grants (org_id, container_id, group_id, role)
                       select ${orgId}, id, ${groupId}, 5 from containers where org_id = ${orgId} and type = 1 and position % 2 = 0`);
  await db.execute(sql`with f as (select id from containers where org_id = ${orgId} and type = 2 and id % 10 = 0)
                       insert into access_grants (org_id, container_id, user_id, role) select ${orgId}, id, ${adminId}, 1 from f`);
  await db.execute(
    sql`update containers set inherits_access = false where org_id = ${orgId} and type = 2 and id % 10 = 0`,
  );
  const { id: authored } = await one<{ id: number }>(
    sql`select id from containers where org_id = ${orgId} and type = 2 and id % 10 = 0 order by id desc limit 1`,
  );
  await db.execute(
    sql`insert into access_grants (org_id, container_id, user_id, role) values (${orgId}, ${authored}, ${readerId}, 2)`,
  );
  await db.execute(sql`insert into library_favorites (org_id, user_id, pnp_id)
                       select ${orgId}, ${readerId}, id from pnps where org_id = ${orgId} and id % 97 = 0`);
  const counted = await one<{ c: number; p: number }>(
    sql`select (select count(*)::int from containers where org_id = ${orgId}) as c, (select count(*)::int from pnps where org_id = ${orgId}) as p`,
  );
  return { orgId, adminId, readerId, containers: counted.c, pnps: counted.p };
}

/** Nearest-rank percentile of a sorted list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
