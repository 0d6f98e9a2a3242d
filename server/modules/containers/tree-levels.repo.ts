import { sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { PnpStatus } from '../../../shared/domain/statuses';
import type { TreeRow } from './tree.repo';
import { queryRows, type Executor } from '../../db/client';
import { shapedSql } from '../../db/shaped-sql';
import { commitWithFinalStatement, planOnce } from '../../db/tenant';
import { userGrantsSql } from '../access/effective-access';
import { scheduledPnpIdsSql } from '../access/in-effect';

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
  /** Today, yyyy-mm-dd (UTC): a reader sees a scheduled publication only from its effective date. */
  today: string;
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
 * `down(id, lvl)`: the containers 1..`depth` below the parents, walked from the parents only, never
 * over the whole tree. `allowed` (a condition on `c`) limits the walk to what the caller may reach.
 * Each step looks the children of one node up in the (org, parent) index: a LATERAL subquery with
 * OFFSET 0 keeps PostgreSQL from turning it into a hash join over every container (a recursive
 * CTE's row estimate is far too high: it hashed 5,000 containers and 50,000 P&Ps to show 1,100
 * rows, 80 ms). Whether a node has children is a probe of its own (see `childProbe`), not one level
 * more of the walk.
 */
function downCte(scope: LevelScope, allowed: SQL): SQL {
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
      select c.id, 1 from containers c
       where c.org_id = ${scope.orgId} and (${sql.join(seeds, sql` or `)}) and ${allowed}
      union all
      select ch.id, d.lvl + 1 from down_all d
       cross join lateral (
         select c.id from containers c where c.org_id = ${scope.orgId} and c.parent_id = d.id and ${allowed} offset 0
       ) ch
       where d.lvl < ${literalInt(scope.depth)}
    ),
    down as (select id, min(lvl) as lvl from down_all group by id),
    pnp_scope(id, lvl) as (
      select id, lvl from down where lvl < ${literalInt(scope.depth)}
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

/** A whole number written into the statement (a validated depth), so the plan does not depend on it. */
const literalInt = (value: number): SQL => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a depth: ${value}`);
  return sql.raw(String(value));
};

/** A container row of `down`, looked up by its id (see downCte for why LATERAL ... OFFSET 0). */
const containerOf = (orgId: number): SQL =>
  sql`cross join lateral (select * from containers c where c.org_id = ${orgId} and c.id = d.id offset 0) c`;

/**
 * Whether `c` has a child in `table` passing `shown` (on `x`): an EXISTS with OFFSET 0, so that it
 * stays one index probe per node and is never turned into a hash of every container or P&P of the
 * organisation (ADR 0014).
 */
const childProbe = (orgId: number, table: 'containers' | 'pnps', shown: SQL): SQL =>
  sql`exists (select 1 from ${sql.raw(table)} x
               where x.org_id = ${orgId} and x.${sql.raw(table === 'containers' ? 'parent_id' : 'container_id')} = c.id
                 and ${shown} offset 0)`;

const parentsSeen = (scope: LevelScope, visible: (alias: string) => SQL): SQL =>
  scope.mustSee.length
    ? sql`(select count(*) from containers m
            where m.org_id = ${scope.orgId} and m.id in (${sql.join(
              scope.mustSee.map((id) => sql`${id}::int`),
              sql`, `,
            )}) and ${visible('m')}) = ${new Set(scope.mustSee).size}`
    : sql`true`;

function wholeLevelsSql(scope: LevelScope): SQL {
  const { orgId } = scope;
  // Everything is visible: whether a node has children is two index probes, no walk below the page.
  return sql`
    with recursive ${downCte(scope, sql`true`)},
    scoped_pnps as (
      select ${pnpColumns}, ps.lvl
        from (select id, min(lvl) as lvl from pnp_scope group by id) ps
       cross join lateral (select * from pnps p where p.org_id = ${orgId} and p.container_id = ps.id offset 0) p
    ),
    t as (
      select 'c'::text as kind, ${columns}, true as has_role,
             (${childProbe(orgId, 'containers', sql`true`)} or ${childProbe(orgId, 'pnps', sql`true`)}) as has_children,
             true as manage
        from down d ${containerOf(orgId)}
      union all
      select 'p'::text, p.id, p.item_type, p.parent_id, p.name, p.description, p.position, p.lock_version,
             p.inherits_access, p.status, true, false, true
        from scoped_pnps p
    )
    select (select json_agg(t order by t.position, t.item_type, t.id) from t) as rows,
           ${parentsSeen(scope, () => sql`true`)} as all_seen`;
}

/**
 * What a reader may see (the full tree's rule, tree.repo.ts): the containers they hold an effective
 * role on (their access source is one they hold a grant on), the P&Ps they may see (published ones
 * in effect with any role, the others with a working role), and every container above either.
 * "Above" needs no walk: a container with a role below a node either inherits it from above that
 * node (then the node has the role too) or has it from an overriding container below it, whose path
 * (`ancestor_ids`, migration 0011) holds the node. So `reach` is a condition on each row: its
 * source is granted, or it lies on the path of a granted source or of a container holding a P&P
 * of the reader's own.
 */
function visibleLevelsSql(scope: LevelScope): SQL {
  const { orgId } = scope;
  // A scheduled publication is its readers' only from its effective date: `scheduled` is a hashed
  // set (usually empty), looked up once per row like the roles below.
  const publishedInEffect = (p: SQL): SQL =>
    sql`(${p}.status = ${PnpStatus.Published} and ${p}.id not in (select pnp_id from scheduled))`;
  const reach = (alias: string): SQL => {
    const c = sql.raw(alias);
    return sql`(${c}.access_source_id in (select id from src_roles) or ${c}.id in (select id from above))`;
  };
  // Published and in effect with any role, else with a working role: hashed sets, looked up once per
  // row. A P&P with participants of its own is also its container owner's (tree.repo.ts).
  const pnpShown = (alias: string): SQL => {
    const p = sql.raw(alias);
    return sql`(case when ${p}.inherits_access
                     then ${p}.access_source_id in (select id from src_roles where working)
                       or (${publishedInEffect(p)} and ${p}.access_source_id in (select id from src_roles))
                     else ${p}.id in (select id from pnp_roles where working)
                       or (${publishedInEffect(p)} and ${p}.id in (select id from pnp_roles))
                       or exists (select 1 from containers pc
                                   where pc.org_id = ${orgId} and pc.id = ${p}.container_id
                                     and pc.access_source_id in (select id from src_roles where owner)) end)`;
  };
  return sql`
    with recursive
    ug as (${userGrantsSql(orgId, scope.userId)}),
    scheduled as (${scheduledPnpIdsSql(orgId, scope.today)}),
    src_roles as (
      select ug.container_id as id, bool_or(ug.role = ${ObjectRole.Owner}) as owner,
             bool_or(ug.role <> ${ObjectRole.Audience}) as working
        from ug where ug.container_id is not null group by ug.container_id
    ),
    pnp_roles as (
      select ug.pnp_id as id, bool_or(ug.role <> ${ObjectRole.Audience}) as working
        from ug where ug.pnp_id is not null group by ug.pnp_id
    ),
    -- The paths of the overriding containers the reader holds a grant on, and of the containers of
    -- the P&Ps with participants of their own that the reader may see.
    above as (
      select distinct unnest(c.ancestor_ids) as id
        from (select id, true as granted from src_roles
              union all
              select p.container_id, false from pnp_roles r
               cross join lateral (select p.id, p.container_id, p.status from pnps p
                                    where p.org_id = ${orgId} and p.id = r.id and not p.inherits_access offset 0) p
               where r.working or ${publishedInEffect(sql.raw('p'))}) k
       cross join lateral (select c.ancestor_ids from containers c
                            where c.org_id = ${orgId} and c.id = k.id
                              and (not k.granted or c.access_source_id = c.id) offset 0) c
    ),
    ${downCte(scope, reach('c'))},
    visible_pnps as (
      select ${pnpColumns}, ps.lvl
        from (select id, min(lvl) as lvl from pnp_scope group by id) ps
       cross join lateral (select * from pnps p where p.org_id = ${orgId} and p.container_id = ps.id offset 0) p
       where ${pnpShown('p')}
    ),
    t as (
      select 'c'::text as kind, ${columns}, coalesce(c.access_source_id in (select id from src_roles), false) as has_role,
             (${childProbe(orgId, 'containers', reach('x'))} or ${childProbe(orgId, 'pnps', pnpShown('x'))}) as has_children,
             coalesce(c.access_source_id in (select id from src_roles where owner), false) as manage
        from down d ${containerOf(orgId)}
      union all
      select 'p'::text, p.id, p.item_type, p.parent_id, p.name, p.description, p.position, p.lock_version,
             p.inherits_access, p.status, true, false,
             coalesce((select pc.access_source_id in (select id from src_roles where owner) from containers pc
                        where pc.org_id = ${orgId} and pc.id = p.parent_id offset 0), false)
        from visible_pnps p
    )
    select (select json_agg(t order by t.position, t.item_type, t.id) from t) as rows,
           ${parentsSeen(scope, reach)} as all_seen`;
}

/** The values of a levels statement: its parameters, whatever its shape. */
type LevelValues = { orgId: number; userId: number; today: string } & Record<
  `parent${number}` | `mustSee${number}`,
  number
>;

/**
 * The statement of `listLevelRows`, built once per shape (server/db/shaped-sql.ts): the caller's
 * kind, the depth and how many parents and must-see containers there are decide its text; the
 * organisation, the user and the ids are its parameters.
 */
function levelsSql(scope: LevelScope): SQL {
  const parentIds = scope.parents.filter((p): p is number => p !== null);
  const top = scope.parents.includes(null);
  const mustSee = [...new Set(scope.mustSee)];
  const shape = ['tree-levels', scope.whole, top, parentIds.length, scope.depth, mustSee.length].join(':');
  const values: LevelValues = { orgId: scope.orgId, userId: scope.userId, today: scope.today };
  parentIds.forEach((id, i) => (values[`parent${i}`] = id));
  mustSee.forEach((id, i) => (values[`mustSee${i}`] = id));
  return shapedSql(shape, values, (v) => {
    const kept: LevelScope = {
      orgId: v.orgId,
      userId: v.userId,
      whole: scope.whole,
      parents: [...(top ? [null] : []), ...parentIds.map((_, i) => v[`parent${i}`]!)],
      depth: scope.depth,
      mustSee: mustSee.map((_, i) => v[`mustSee${i}`]!),
      today: v.today,
    };
    return kept.whole ? wholeLevelsSql(kept) : visibleLevelsSql(kept);
  });
}

/**
 * The levels asked for, siblings in position order (containers before P&Ps on a tie). Every step
 * is an index probe of its own (LATERAL and EXISTS with OFFSET 0), so the plan is the same on
 * PostgreSQL and PGlite whatever their statistics, and whatever the parameters: it is planned once
 * per connection (docs/adr/0014-list-plans.md). The route runs nothing after it: its COMMIT rides
 * with it (tenant.ts).
 */
export async function listLevelRows(db: Executor, scope: LevelScope): Promise<LevelAnswer> {
  await planOnce(db);
  commitWithFinalStatement(db);
  const [result] = await queryRows<{ rows: LevelRow[] | string | null; all_seen: boolean }>(db, levelsSql(scope));
  const raw = result?.rows ?? [];
  // PGlite may hand json back as text; PostgreSQL's driver parses it.
  const rows = typeof raw === 'string' ? (JSON.parse(raw) as LevelRow[]) : raw;
  return { rows, allSeen: result?.all_seen ?? false };
}
