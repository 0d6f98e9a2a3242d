import { sql } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { ItemType } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { containsPattern } from '../../db/like';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { containersWithRoleSql } from '../access/effective-access';
import { findPnp, ownsContainer, subtreeCte } from './containers.repo';
import { getVisibleContainer, requireRestructure } from './containers.service';
import { canSeePnp } from './containers.shared';
import type { DestinationList } from '../../../shared/api/containers';

export interface DestinationSearch {
  itemType: 1 | 2 | 3;
  id: number;
  /** Part of the name, trimmed; '' names every destination (the first `limit` by name). */
  q: string;
  limit: number;
}

/**
 * The binders and folders a node may go into, by name: those the caller may place things in (org
 * admins: all; others: those they own, as a move or copy into them requires), without the node
 * itself and the folders below it. Refused like the move itself: 404 for a node the caller may not
 * see, 403 when they may not move or copy it, 422 for a binder (binders stay at the top level).
 */
export async function listDestinations(ctx: OrgCtx, search: DestinationSearch): Promise<DestinationList> {
  let excludedRoot: number | null = null;
  if (search.itemType === ItemType.Pnp) {
    const pnp = await findPnp(ctx.tx, ctx.orgId, search.id);
    if (!pnp || !(await canSeePnp(ctx, pnp))) throw notFound('The P&P');
    if (!ctx.actor.isAdmin && !(await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, pnp.containerId))) {
      throw forbidden('You can move or copy P&Ps only between binders and folders you own.');
    }
  } else {
    const node = await getVisibleContainer(ctx, search.id);
    if (node.type !== search.itemType) {
      throw unprocessable(
        `Object type ${search.itemType} does not match: this is a ${node.type === ItemType.Binder ? 'binder (1)' : 'folder (2)'}.`,
      );
    }
    if (node.type === ItemType.Binder) {
      throw unprocessable('A binder stays at the top level: it cannot be placed inside a binder or folder.');
    }
    await requireRestructure(ctx, node);
    excludedRoot = node.id;
  }

  const orgId = ctx.orgId;
  const conditions = [
    sql`c.org_id = ${orgId}`,
    ...(search.q ? [sql`lower(c.name) like ${containsPattern(search.q.toLowerCase())}`] : []),
    ...(excludedRoot !== null ? [sql`c.id not in (select id from sub)`] : []),
    ...(ctx.actor.isAdmin ? [] : [sql`c.id in (${containersWithRoleSql(orgId, ctx.actor.userId, ObjectRole.Owner)})`]),
  ];
  const rows = await queryRows<{
    id: number;
    item_type: 1 | 2;
    name: string;
    parent_id: number | null;
    path: string | null;
    ancestor_ids: number[] | null;
  }>(
    ctx.tx,
    sql`with recursive ${excludedRoot !== null ? sql`${subtreeCte(orgId, excludedRoot)},` : sql``}
        hits as (
          select c.id, c.type::int as item_type, c.name, c.parent_id
            from containers c
           where ${sql.join(conditions, sql` and `)}
           order by lower(c.name), c.id
           limit ${search.limit + 1}
        ),
        up(hit_id, id, depth) as (
          select h.id, h.parent_id, 1 from hits h where h.parent_id is not null
          union all
          select up.hit_id, c.parent_id, up.depth + 1
            from up join containers c on c.org_id = ${orgId} and c.id = up.id
           where c.parent_id is not null
        )
        select h.id, h.item_type, h.name, h.parent_id, a.path, a.ancestor_ids
          from hits h
          left join lateral (
            select string_agg(c.name, ' / ' order by up.depth desc) as path,
                   array_agg(c.id order by up.depth desc) as ancestor_ids
              from up join containers c on c.org_id = ${orgId} and c.id = up.id
             where up.hit_id = h.id
          ) a on true
         order by lower(h.name), h.id`,
  );
  return {
    destinations: rows
      .slice(0, search.limit)
      .map((r) => ({ ...r, path: r.path ?? '', ancestor_ids: r.ancestor_ids ?? [] })),
    more: rows.length > search.limit,
  };
}
