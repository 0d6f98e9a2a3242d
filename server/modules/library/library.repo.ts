import { sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { PnpStatus, UserStatus, VersionStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
import { libraryFavorites, libraryViews } from '../../db/schema/index';
import { containerSourcesCte, visiblePnpIdsSql } from '../access/effective-access';
import { versionInEffectSql } from '../access/in-effect';
import { shapedSql } from '../../db/shaped-sql';
import { utcDate } from '../../platform/clock';
import { libraryItemRowSql, viewScopeOf, type LibraryRow, type LibraryScope } from './search.repo';
import type { ViewScope } from './view-page.repo';

/** Favourites, views, files and the advanced search's choices of the library. */

export interface FavoriteRow {
  pnp_id: number;
  favorite: boolean;
  favorite_updated_at: Date;
}

/** Sets or clears a user's favourite; the time is kept either way (spec §9 sorts by it). */
export async function upsertFavorite(
  db: Executor,
  orgId: number,
  userId: number,
  pnpId: number,
  favorite: boolean,
  at: Date,
): Promise<FavoriteRow> {
  const [row] = await db
    .insert(libraryFavorites)
    .values({ orgId, userId, pnpId, favorite, favoriteUpdatedAt: at })
    .onConflictDoUpdate({
      target: [libraryFavorites.orgId, libraryFavorites.userId, libraryFavorites.pnpId],
      set: { favorite, favoriteUpdatedAt: at },
    })
    .returning();
  return { pnp_id: row!.pnpId, favorite: row!.favorite, favorite_updated_at: row!.favoriteUpdatedAt };
}

/** One opening of a published version: feeds "recently viewed" and the views-by-version report. */

export interface PublishedFileRow {
  pnp_id: number;
  version_id: number;
  storage_key: string;
  original_name: string;
  mime_type: string;
  extension: string;
  size_bytes: number;
}

const publishedFileSql = (orgId: number, pnpId: number) =>
  sql`select d.pnp_id, d.id as version_id, f.storage_key, f.original_name, f.mime_type, f.extension, f.size_bytes
        from pnp_documents d join stored_files f on f.org_id = d.org_id and f.id = d.file_id
       where d.org_id = ${orgId} and d.pnp_id = ${pnpId} and d.status = ${VersionStatus.Active}`;

/** The stored file of a P&P's Active version (the caller has checked that the user may see it). */
export async function findPublishedFile(db: Executor, orgId: number, pnpId: number): Promise<PublishedFileRow | null> {
  const rows = await queryRows<PublishedFileRow>(db, publishedFileSql(orgId, pnpId));
  return rows[0] ?? null;
}

/** A P&P the user opened: its library row and the stored file of its Active version. */
export type OpenedItemRow = LibraryRow & {
  file_storage_key: string | null;
  file_original_name: string | null;
  file_mime_type: string | null;
  file_extension: string | null;
  file_size_bytes: number | null;
};

/**
 * The opening's statement: the P&P's library row, the view it records (when it records one), its
 * version's file.
 */
const openingSql = (at: ViewScope, pnpId: number, viewedAt: string, recordView: boolean): SQL => sql`
  with item as materialized (select * from (${libraryItemRowSql(at, pnpId)}) r)${
    recordView
      ? sql`,
  viewed as (
    insert into ${libraryViews} (org_id, user_id, pnp_id, document_id, viewed_at)
    select ${at.orgId}, ${at.userId}, i.pnp_id, i.version_id, ${viewedAt}::timestamptz from item i)`
      : sql``
  }
  select i.*, f.storage_key as file_storage_key, f.original_name as file_original_name,
         f.mime_type as file_mime_type, f.extension as file_extension, f.size_bytes as file_size_bytes
    from item i
    left join lateral (
      select f.storage_key, f.original_name, f.mime_type, f.extension, f.size_bytes
        from pnp_documents d join stored_files f on f.org_id = d.org_id and f.id = d.file_id
       where d.org_id = ${at.orgId} and d.id = i.version_id offset 0) f on true`;

/**
 * Opens a P&P in one statement: its library row when the user may see it, the view recorded (only
 * then, and only when `recordView`) against its Active version, and that version's stored file. A
 * data-modifying WITH runs once and to completion whether or not the query reads it; its triggers
 * (the view counts) fire as for a plain insert. One round trip instead of two (the row, then the
 * view and the file): the route's transaction is its prologue and this statement, with its COMMIT
 * (tenant.ts).
 */
export async function openVisibleItem(
  db: Executor,
  scope: LibraryScope,
  pnpId: number,
  at: Date,
  recordView: boolean,
): Promise<OpenedItemRow | null> {
  const { isAdmin, ...scopeValues } = viewScopeOf(scope);
  // Built once per shape (server/db/shaped-sql.ts): walking its drizzle fragments on every opening
  // was about a fifth of the route's JavaScript in a CPU profile under load.
  const statement = shapedSql(
    `library-open:${isAdmin ? 'admin' : 'user'}:${recordView ? 'view' : 'no-view'}`,
    { ...scopeValues, pnpId, at: at.toISOString() },
    (values) => openingSql({ ...values, isAdmin }, values.pnpId, values.at, recordView),
  );
  const rows = await queryRows<OpenedItemRow>(db, statement);
  return rows[0] ?? null;
}

/** Ids of the published, effective P&Ps this user sees (no filters): the base of the filter choices. */
const visiblePublishedSql = (scope: LibraryScope) => sql`
  select p.id, p.container_id, p.inherits_access from pnps p
    join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${VersionStatus.Active}
   where p.org_id = ${scope.orgId} and p.status = ${PnpStatus.Published}
     and ${versionInEffectSql('d', utcDate(scope.now))}
     ${scope.isAdmin ? sql`` : sql`and p.id in (${visiblePnpIdsSql(scope.orgId, scope.userId)})`}`;

/** Binders and folders that hold (at any depth) a P&P the user sees in the library. */
export async function listFilterContainers(db: Executor, scope: LibraryScope) {
  return queryRows<{ id: number; type: number; name: string; location: string }>(
    db,
    sql`with seen as (${visiblePublishedSql(scope)}),
        holding as (
          select distinct unnest(c.ancestor_ids) as id
            from seen join containers c on c.org_id = ${scope.orgId} and c.id = seen.container_id
        )
        select c.id, c.type::int as type, c.name, c.location
          from holding h join containers c on c.org_id = ${scope.orgId} and c.id = h.id
         order by lower(c.location)`,
  );
}

/** Active users who are an effective Owner (directly or through a group) of a P&P the user sees. */
export async function listFilterOwners(db: Executor, scope: LibraryScope) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`with recursive ${containerSourcesCte(scope.orgId)},
        seen as (${visiblePublishedSql(scope)}),
        sources as (
          select distinct case when seen.inherits_access then s.source_id end as container_id,
                          case when not seen.inherits_access then seen.id end as pnp_id
            from seen left join container_sources s on s.node_id = seen.container_id
        ),
        owners as (
          select distinct coalesce(g.user_id, gm.user_id) as user_id
            from access_grants g
            join sources so on g.container_id = so.container_id or g.pnp_id = so.pnp_id
            left join group_memberships gm on gm.org_id = g.org_id and gm.group_id = g.group_id
           where g.org_id = ${scope.orgId} and g.role = ${ObjectRole.Owner}
        )
        select u.id, u.first_name || ' ' || u.last_name as name
          from owners o join org_users u on u.org_id = ${scope.orgId} and u.id = o.user_id
         where u.status = ${UserStatus.Active}
         order by lower(u.first_name || ' ' || u.last_name), u.id`,
  );
}
