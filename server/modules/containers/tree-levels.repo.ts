import { sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { PnpStatus } from '../../../shared/domain/statuses';
import type { TreeRow } from './tree.repo';
import { queryRows, type Executor } from '../../db/client';
import { containerSourcesCte, userGrantsSql } from '../access/effective-access';

/**
 * Part of the tree, for a screen that opens nodes on demand: the binders, folders and P&Ps down to
 * `depth` levels below each of `parents` (null: the top), each binder and folder with whether it has
 * children the caller may see. One statement. Visibility is the full tree's (tree.repo.ts): a reader
 * sees the containers they hold an effective role on, the P&Ps they may see, and the ancestors needed
 * to reach them; only the part asked for leaves the database.
 */

/** A tree row without the folder views' flags, and with whether the caller may open it further. */
export type LevelRow = Omit<TreeRow, 'published_at' | 'favorite' | 'recently_viewed' | 'recently_published'> & {
  has_children: boolean;
};

export interface LevelScope {
  orgId: number;
  userId: number;
  /** Everything, and every node manageable (org admins asking with bypass_val). */
  whole: boolean;
  /** The containers whose children are asked for; null is the top (binders). */
  parents: ReadonlyArray<number | null>;
  depth: number;
  /** Containers that must be visible to the caller, else the answer says so (a 404 for the route). */
  mustSee: readonly number[];
}

export interface LevelAnswer {
  rows: LevelRow[];
  /** False when one of `mustSee` does not exist in the org or is hidden from the caller. */
  allSeen: boolean;
}

const columns = sql`
  c.id, c.type::int as item_type, c.parent_id, c.name::text as name, c.description, c.position, c.lock_version,
  c.inherits_access, null::int as status`;
const pnpColumns = sql`
  p.id, 3 as item_type, p.container_id as parent_id, p.name::text as name, p.description, p.position,
  p.lock_version, p.inherits_access, p.status::int as status`;

/**
 * `down(id, lvl)`: the containers 1..`levels` below the parents, walked from the parents only, never
 * over the whole tree. `allowed` (a join on the alias given) limits the walk to what the caller may
 * reach. Each step looks the
 * children of one node up in the (org, parent) index: a LATERAL subquery with OFFSET 0 keeps
 * PostgreSQL from turning it into a hash join over every container (a recursive CTE's row estimate
 * is far too high: it hashed 5,000 containers and 50,000 P&Ps to show 1,100 rows, 80 ms).
 */
function downCte(scope: LevelScope, allowed: (alias: 'c' | 'ch') => SQL, levels: number): SQL {
  const ids = scope.parents.filter((p): p is number => p !== null);
  const top = scope.parents.includes(null);
  const seeds = [
    ...(top ? [sql`c.parent_id is null`] : []),
    ...(ids.length
      ? [
          sql`c.parent_id in (${sql.join(
            ids.map((id) => sql`${id}::int`),
            sql`, `,
          )})`,
        ]
      : []),
  ];
  return sql`
    down_all(id, lvl) as (
      select c.id, 1 from containers c ${allowed('c')}
       where c.org_id = ${scope.orgId} and (${sql.join(seeds, sql` or `)})
      union all
      select ch.id, d.lvl + 1 from down_all d
       cross join lateral (
         select c.id from containers c where c.org_id = ${scope.orgId} and c.parent_id = d.id offset 0
       ) ch
       ${allowed('ch')}
       where d.lvl < ${levels}
    ),
    down as (select id, min(lvl) as lvl from down_all group by id),
    pnp_scope(id, lvl) as (
      select id, lvl from down where lvl <= ${scope.depth}
      ${
        ids.length
          ? sql`union all select x, 0 from unnest(array[${sql.join(
              ids.map((id) => sql`${id}::int`),
              sql`, `,
            )}]) x`
          : sql``
      }
    )`;
}

/** A container row of `down`, looked up by its id (see downCte for why LATERAL ... OFFSET 0). */
const containerOf = (orgId: number): SQL =>
  sql`cross join lateral (select * from containers c where c.org_id = ${orgId} and c.id = d.id offset 0) c`;

const parentsSeen = (scope: LevelScope, visible: SQL): SQL =>
  scope.mustSee.length
    ? sql`(select count(*) from (${visible}) v where v.id in (${sql.join(
        scope.mustSee.map((id) => sql`${id}::int`),
        sql`, `,
      )})) = ${new Set(scope.mustSee).size}`
    : sql`true`;

function wholeLevelsSql(scope: LevelScope): SQL {
  const { orgId, depth } = scope;
  // Everything is visible: whether a node has children is two index probes, no walk below the page.
  return sql`
    with recursive ${downCte(scope, () => sql``, depth)},
    scoped_pnps as (
      select ${pnpColumns}, ps.lvl
        from (select id, min(lvl) as lvl from pnp_scope group by id) ps
       cross join lateral (select * from pnps p where p.org_id = ${orgId} and p.container_id = ps.id offset 0) p
       where ps.lvl < ${depth}
    ),
    t as (
      select 'c'::text as kind, ${columns}, true as has_role,
             (exists (select 1 from containers ch where ch.org_id = ${orgId} and ch.parent_id = c.id)
              or exists (select 1 from pnps ph where ph.org_id = ${orgId} and ph.container_id = c.id)) as has_children,
             true as manage
        from down d ${containerOf(orgId)}
      union all
      select 'p'::text, p.id, p.item_type, p.parent_id, p.name, p.description, p.position, p.lock_version,
             p.inherits_access, p.status, true, false, true
        from scoped_pnps p
    )
    select (select json_agg(t order by t.position, t.item_type, t.id) from t) as rows,
           ${parentsSeen(scope, sql`select id from containers where org_id = ${orgId}`)} as all_seen`;
}

function visibleLevelsSql(scope: LevelScope): SQL {
  const { orgId, depth } = scope;
  return sql`
    with recursive ${containerSourcesCte(orgId)},
    ug as (${userGrantsSql(orgId, scope.userId)}),
    c_roles as (
      select s.node_id as id, bool_or(ug.role = ${ObjectRole.Owner}) as owner
        from container_sources s join ug on ug.container_id = s.source_id
       group by s.node_id
    ),
    -- P&Ps with participants of their own that the caller may see: their containers must be reachable.
    own_pnps as (
      select p.container_id as id from pnps p join ug on ug.pnp_id = p.id
       where p.org_id = ${orgId} and not p.inherits_access
       group by p.id, p.container_id, p.status
      having bool_or(ug.role <> ${ObjectRole.Audience}) or p.status = ${PnpStatus.Published}
    ),
    reach(id) as (
      select id from c_roles union select id from own_pnps
      union
      select c.parent_id from reach join containers c on c.org_id = ${orgId} and c.id = reach.id
       where c.parent_id is not null
    ),
    ${downCte(scope, (alias) => sql`join reach r on r.id = ${sql.raw(alias)}.id`, depth + 1)},
    p_roles as (
      select x.id, bool_or(x.role <> ${ObjectRole.Audience}) as working from (
        select p.id, ug.role from pnps p join pnp_scope ps on ps.id = p.container_id join ug on ug.pnp_id = p.id
         where p.org_id = ${orgId} and not p.inherits_access
        union all
        select p.id, ug.role from pnps p
          join pnp_scope ps on ps.id = p.container_id
          join container_sources s on s.node_id = p.container_id
          join ug on ug.container_id = s.source_id
         where p.org_id = ${orgId} and p.inherits_access
      ) x group by x.id
    ),
    visible_pnps as (
      select ${pnpColumns}, ps.lvl from pnps p
        join p_roles r on r.id = p.id
        join (select id, min(lvl) as lvl from pnp_scope group by id) ps on ps.id = p.container_id
       where p.org_id = ${orgId} and (r.working or p.status = ${PnpStatus.Published})
    ),
    filled as (
      select c.parent_id as id from down d join containers c on c.org_id = ${orgId} and c.id = d.id where d.lvl >= 2
      union select parent_id from visible_pnps
    ),
    t as (
      select 'c'::text as kind, ${columns}, (r.id is not null) as has_role, (f.id is not null) as has_children,
             coalesce(r.owner, false) as manage
        from down d join containers c on c.org_id = ${orgId} and c.id = d.id
        left join c_roles r on r.id = c.id
        left join (select distinct id from filled) f on f.id = c.id
       where d.lvl <= ${depth}
      union all
      select 'p'::text, p.id, p.item_type, p.parent_id, p.name, p.description, p.position, p.lock_version,
             p.inherits_access, p.status, true, false, coalesce(cr.owner, false)
        from visible_pnps p left join c_roles cr on cr.id = p.parent_id
       where p.lvl < ${depth}
    )
    select (select json_agg(t order by t.position, t.item_type, t.id) from t) as rows,
           ${parentsSeen(scope, sql`select id from reach`)} as all_seen`;
}

/**
 * The levels asked for, siblings in position order (containers before P&Ps on a tie). A reader's
 * top levels reach a good part of the tree: as for the whole tree (see listTreeRows), PGlite's
 * missing table statistics would make the planner nest loops over thousands of rows, so nested loops
 * are off for that statement alone. One opened folder touches few rows: index lookups stay right there.
 */
export async function listLevelRows(db: Executor, scope: LevelScope): Promise<LevelAnswer> {
  // The whole tree's walk is index lookups by construction (downCte): only the visible one, whose
  // grants and reach are joined as sets, needs the planner kept off nested loops.
  const wide = scope.parents.includes(null) && !scope.whole;
  if (wide) await db.execute(sql`select set_config('enable_nestloop', 'off', true)`);
  try {
    const [result] = await queryRows<{ rows: LevelRow[] | string | null; all_seen: boolean }>(
      db,
      scope.whole ? wholeLevelsSql(scope) : visibleLevelsSql(scope),
    );
    const raw = result?.rows ?? [];
    // PGlite may hand json back as text; PostgreSQL's driver parses it.
    const rows = typeof raw === 'string' ? (JSON.parse(raw) as LevelRow[]) : raw;
    return { rows, allSeen: result?.all_seen ?? false };
  } finally {
    if (wide) await db.execute(sql`select set_config('enable_nestloop', 'on', true)`);
  }
}
