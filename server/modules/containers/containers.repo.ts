import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { queryRows, type Executor } from '../../db/client';
import { containers, pnps } from '../../db/schema/index';
import { containersWithRoleSql } from '../access/effective-access';

export type ContainerRow = typeof containers.$inferSelect;
export type PnpRow = typeof pnps.$inferSelect;

/** A sibling of the tree: containers and P&Ps share one position order under a parent. */
export type NodeKind = 'c' | 'p';

/**
 * Structural changes of one organisation's tree (create, move, copy, delete, reset) run one at a
 * time: this transaction-scoped advisory lock makes the cycle and position checks that follow see
 * every earlier change, so two people moving nodes at once can never turn the tree into a cycle.
 */
const TREE_LOCK_CLASS = 0x7e4e7001;
export async function lockTree(db: Executor, orgId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_CLASS}, ${orgId})`);
}

export async function findContainer(db: Executor, orgId: number, id: number): Promise<ContainerRow | null> {
  const [row] = await db
    .select()
    .from(containers)
    .where(and(eq(containers.orgId, orgId), eq(containers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findPnp(db: Executor, orgId: number, id: number): Promise<PnpRow | null> {
  const [row] = await db
    .select()
    .from(pnps)
    .where(and(eq(pnps.orgId, orgId), eq(pnps.id, id)))
    .limit(1);
  return row ?? null;
}

/** The subtree of a container (itself included), as a recursive CTE named `sub(id)`. */
export const subtreeCte = (orgId: number, rootId: number): SQL => sql`
  sub(id) as (
    select id from containers where org_id = ${orgId} and id = ${rootId}
    union all
    select c.id from containers c join sub on c.parent_id = sub.id where c.org_id = ${orgId}
  )`;

/** True when `candidateId` is `rootId` or lies below it. */
export async function isInSubtree(db: Executor, orgId: number, rootId: number, candidateId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`with recursive ${subtreeCte(orgId, rootId)} select exists (select 1 from sub where id = ${candidateId}) as found`,
  );
  return rows[0]?.found === true;
}

/** How many of a subtree's containers the user does not own are named in a refusal. */
export const UNOWNED_LISTED = 20;
/** How many of a subtree's published or retired P&Ps are named when they block its delete. */
export const BLOCKING_PNPS_LISTED = 50;

/**
 * The containers of a subtree the user is NOT an effective Owner of: how many the user may see
 * and how many they may not, and the names of the first UNOWNED_LISTED they may see (a refusal
 * never names a binder or folder its reader may not see). All zero: they own it all.
 */
export async function listUnownedInSubtree(
  db: Executor,
  orgId: number,
  userId: number,
  rootId: number,
): Promise<{ seen: string[]; seenTotal: number; hidden: number }> {
  const rows = await queryRows<{ name: string | null; seen_total: number; hidden: number }>(
    db,
    sql`with recursive ${subtreeCte(orgId, rootId)},
        unowned as (
          select c.name, c.id in (${containersWithRoleSql(orgId, userId, 'any')}) as seen
            from containers c join sub on sub.id = c.id
           where c.org_id = ${orgId}
             and c.id not in (${containersWithRoleSql(orgId, userId, ObjectRole.Owner)})
        ),
        counts as (
          select count(*) filter (where seen)::int as seen_total, count(*) filter (where not seen)::int as hidden
            from unowned
        )
        select n.name, counts.seen_total, counts.hidden
          from counts
          left join lateral (select u.name from unowned u where u.seen order by u.name limit ${UNOWNED_LISTED}) n on true`,
  );
  return {
    seen: rows.flatMap((r) => (r.name === null ? [] : [r.name])),
    seenTotal: rows[0]?.seen_total ?? 0,
    hidden: rows[0]?.hidden ?? 0,
  };
}

/** True when the user is an effective Owner of the container. */
export async function ownsContainer(
  db: Executor,
  orgId: number,
  userId: number,
  containerId: number,
): Promise<boolean> {
  const rows = await queryRows<{ owns: boolean }>(
    db,
    sql`select ${containerId}::int in (${containersWithRoleSql(orgId, userId, ObjectRole.Owner)}) as owns`,
  );
  return rows[0]?.owns === true;
}

/**
 * What a subtree holds: folders below the root, P&Ps, and the published or retired P&Ps among them
 * (the first BLOCKING_PNPS_LISTED by name, and how many in all).
 */
export async function summarizeSubtree(
  db: Executor,
  orgId: number,
  rootId: number,
): Promise<{
  folders: number;
  pnps: number;
  blocking: Array<{ id: number; name: string; status: number }>;
  blockingTotal: number;
}> {
  const [counts] = await queryRows<{ folders: number; pnps: number; blocking: number }>(
    db,
    sql`with recursive ${subtreeCte(orgId, rootId)}
        select (select count(*)::int from sub where id <> ${rootId}) as folders,
               (select count(*)::int from pnps p join sub on sub.id = p.container_id where p.org_id = ${orgId}) as pnps,
               (select count(*)::int from pnps p join sub on sub.id = p.container_id
                 where p.org_id = ${orgId} and p.status <> 1) as blocking`,
  );
  const blocking = await queryRows<{ id: number; name: string; status: number }>(
    db,
    sql`with recursive ${subtreeCte(orgId, rootId)}
        select p.id, p.name, p.status::int as status from pnps p join sub on sub.id = p.container_id
         where p.org_id = ${orgId} and p.status <> 1
         order by p.name limit ${BLOCKING_PNPS_LISTED}`,
  );
  return { folders: counts?.folders ?? 0, pnps: counts?.pnps ?? 0, blocking, blockingTotal: counts?.blocking ?? 0 };
}

/** The containers from the binder down to `containerId`. */
export async function listAncestorPath(
  db: Executor,
  orgId: number,
  containerId: number,
): Promise<Array<{ id: number; item_type: 1 | 2; name: string; parent_id: number | null }>> {
  return queryRows(
    db,
    sql`with recursive up(id, depth) as (
          select ${containerId}::int, 0
          union all
          select c.parent_id, up.depth + 1 from up join containers c on c.org_id = ${orgId} and c.id = up.id
           where c.parent_id is not null
        )
        select c.id, c.type::int as item_type, c.name, c.parent_id
          from up join containers c on c.org_id = ${orgId} and c.id = up.id
         order by up.depth desc`,
  );
}

const siblingsCte = (orgId: number, parentId: number | null): SQL => sql`
  sib as (
    select 'c'::text as k, id, position, type::int as t from containers
     where org_id = ${orgId} and parent_id is not distinct from ${parentId}::int
    ${parentId === null ? sql`` : sql`union all select 'p'::text, id, position, 3 from pnps where org_id = ${orgId} and container_id = ${parentId}`}
  )`;

/** The index of a node among its siblings (0-based, in the tree's order). */
export async function siblingIndex(
  db: Executor,
  orgId: number,
  parentId: number | null,
  kind: NodeKind,
  id: number,
): Promise<number> {
  const rows = await queryRows<{ rn: number }>(
    db,
    sql`with ${siblingsCte(orgId, parentId)},
        ordered as (select k, id, (row_number() over (order by position, t, id) - 1)::int as rn from sib)
        select rn from ordered where k = ${kind} and id = ${id}`,
  );
  return rows[0]?.rn ?? 0;
}

/** How many children a parent has (containers and P&Ps). */
export async function countChildren(db: Executor, orgId: number, parentId: number | null): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with ${siblingsCte(orgId, parentId)} select count(*)::int as n from sib`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Renumbers the children of a parent 0..n-1 in their current order, optionally placing one node at
 * `index` (the others keep their order around it). One statement, whatever the number of children.
 */
export async function renumberChildren(
  db: Executor,
  orgId: number,
  parentId: number | null,
  placed?: { kind: NodeKind; id: number; index: number },
): Promise<void> {
  const keyed = placed
    ? sql`base as (
            select k, id, row_number() over (order by position, t, id) - 1 as rn from sib
             where not (k = ${placed.kind} and id = ${placed.id})
          ),
          keyed as (
            select k, id, rn * 2 as key from base
            union all select ${placed.kind}::text, ${placed.id}::int, ${placed.index * 2 - 1}
          )`
    : sql`keyed as (select k, id, row_number() over (order by position, t, id) as key from sib)`;
  await db.execute(
    sql`with ${siblingsCte(orgId, parentId)}, ${keyed},
        ordered as (select k, id, (row_number() over (order by key) - 1)::int as pos from keyed),
        uc as (
          update containers c set position = o.pos from ordered o
           where o.k = 'c' and c.org_id = ${orgId} and c.id = o.id and c.position <> o.pos returning 1
        ),
        up as (
          update pnps p set position = o.pos from ordered o
           where o.k = 'p' and p.org_id = ${orgId} and p.id = o.id and p.position <> o.pos returning 1
        )
        select (select count(*) from uc) + (select count(*) from up) as n`,
  );
}

/** Whether a sibling under `parentId` (null: the top level) already has this name, ignoring case. */
export async function hasSiblingNamed(
  db: Executor,
  orgId: number,
  parentId: number | null,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: containers.id })
    .from(containers)
    .where(
      and(
        eq(containers.orgId, orgId),
        parentId === null ? sql`${containers.parentId} is null` : eq(containers.parentId, parentId),
        sql`lower(${containers.name}) = lower(${name})`,
        exceptId === null ? undefined : sql`${containers.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
