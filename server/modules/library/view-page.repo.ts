import { sql, type SQL } from 'drizzle-orm';
import type { LibraryView } from '../../../shared/api/library';
import { PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { ObjectRole } from '../../../shared/domain/roles';
import { containersWithRoleSql, pnpVisibleCondition } from '../access/effective-access';
import { versionInEffectSql, versionScheduledSql } from '../access/in-effect';
import { Tally } from '../reporting/reporting.tallies';
import { reviewStateSql } from './review-state';

/**
 * The pages of the library's four views in their own order, without filters or search
 * (docs/adr/0014-list-plans.md): each walks the index of its order and stops at the page. Their
 * plans do not depend on the values of their parameters, so PostgreSQL may plan them once per
 * connection (a generic plan) and skip the 2-3 ms of planning that these many-table statements
 * cost on every request:
 *
 * - status codes and the page size are written into the text, not passed as parameters: a generic
 *   plan takes a LIMIT parameter for "10% of the rows" and sorts the whole library instead of
 *   walking an index (measured: 230 ms instead of 1 ms for the recently published view);
 * - the per-row lookups (path, favourite, last view) are LATERAL subqueries with OFFSET 0, so they
 *   stay index probes of the page's rows whatever the planner guesses about the user's favourites;
 * - visibility is the row-by-row condition of ADR 0009 (hashed subplans over the user's grants).
 *
 * `search.repo.ts` keeps the general statement (filters, other orders, searches, the tree); the
 * two must give the same rows: `library-views.test.ts` compares them.
 */

/** A whole number written into the statement's text (page sizes, count limits): never user text. */
export const literalInt = (value: number): SQL => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a page size or limit: ${value}`);
  return sql.raw(String(value));
};

const PUBLISHED = literalInt(PnpStatus.Published);
const ACTIVE = literalInt(VersionStatus.Active);

export interface ViewScope {
  orgId: number;
  userId: number;
  isAdmin: boolean;
  /** Today, yyyy-mm-dd (UTC): a publication shows from its effective date. */
  today: string;
  /** Start of the one-year window of the recently viewed and recently published views. */
  windowStart: string;
}

interface Walk {
  /** Rows with the page's columns (`id`, `org_id`, `name`, ..., `key_at`), shown to the user. */
  rows: SQL;
  /** The view's order on those rows, then the name and id as tie-breakers. */
  order: SQL;
}

/** Published, effective from today, and (not an admin) visible to the user: on `p` and `d`. */
const shownConditions = (scope: ViewScope): SQL[] => [
  sql`p.status = ${PUBLISHED}`,
  versionInEffectSql('d', scope.today),
  ...(scope.isAdmin ? [] : [pnpVisibleCondition('p', scope.orgId, scope.userId)]),
];

const PAGE_COLUMNS = sql`p.id, p.org_id, p.name, p.description, p.container_id, d.id as version_id, d.version_number,
  d.effective_dt, d.review_dt, d.reminder_dt, d.published_at`;

const ties = (alias: string): SQL => sql`lower(${sql.raw(alias)}.name) asc nulls last, ${sql.raw(alias)}.id`;

/**
 * A user's own list (favourites, last views: `k`), newest first, each item looked up by its key
 * (a LATERAL probe, so a count of hundreds never turns into a join of the whole library).
 */
interface OwnList {
  /** `library_favorites` or `library_last_views`, read as `k`. */
  table: SQL;
  /** Which of the user's rows are in the view (a favourite still set, a view inside the window). */
  conditions: SQL[];
  /** The view's order: when the item was favourited or last viewed. */
  at: SQL;
}

function ownListOf(scope: ViewScope, view: 'favorites' | 'recently_viewed'): OwnList {
  return view === 'favorites'
    ? { table: sql`library_favorites`, conditions: [sql`k.favorite`], at: sql`k.favorite_updated_at` }
    : {
        table: sql`library_last_views`,
        conditions: [sql`k.viewed_at >= ${scope.windowStart}::timestamptz`],
        at: sql`k.viewed_at`,
      };
}

const ownListWhere = (scope: ViewScope, list: OwnList): SQL =>
  sql.join([sql`k.org_id = ${scope.orgId}`, sql`k.user_id = ${scope.userId}`, ...list.conditions], sql` and `);

function ownListWalk(scope: ViewScope, { table, conditions, at }: OwnList): Walk {
  return {
    rows: sql`select x.*, ${at} as key_at
      from ${table} k
      cross join lateral (
        select ${PAGE_COLUMNS}
          from pnps p join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${ACTIVE}
         where p.org_id = k.org_id and p.id = k.pnp_id and ${sql.join(shownConditions(scope), sql` and `)}
        offset 0) x
     where ${ownListWhere(scope, { table, conditions, at })}`,
    order: sql`key_at desc nulls last, ${ties('x')}`,
  };
}

function walkOf(scope: ViewScope, view: LibraryView): Walk {
  switch (view) {
    case 'favorites':
    case 'recently_viewed':
      return ownListWalk(scope, ownListOf(scope, view));
    case 'recently_published':
      // The published P&Ps newest first, then by name (pnps_recently_published_idx, migration 0041:
      // the view's whole order, so the walk stops after the page), each with its Active version.
      return {
        rows: sql`select ${PAGE_COLUMNS}, null::timestamptz as key_at
          from pnps p join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${ACTIVE}
         where ${sql.join(
           [
             sql`p.org_id = ${scope.orgId}`,
             sql`p.active_published_at >= ${scope.windowStart}::timestamptz`,
             ...shownConditions(scope),
           ],
           sql` and `,
         )}`,
        order: sql`p.active_published_at desc nulls last, ${ties('p')}`,
      };
    default:
      // The P&Ps by name (pnps_org_lower_name_idx), each with its Active version.
      return {
        rows: sql`select ${PAGE_COLUMNS}, null::timestamptz as key_at
          from pnps p join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${ACTIVE}
         where ${sql.join([sql`p.org_id = ${scope.orgId}`, ...shownConditions(scope)], sql` and `)}`,
        order: ties('p'),
      };
  }
}

/** The page's order on its own columns (the outer query). */
const outerOrder = (view: LibraryView): SQL =>
  view === 'favorites' || view === 'recently_viewed'
    ? sql`w.key_at desc nulls last, ${ties('w')}`
    : view === 'recently_published'
      ? sql`w.published_at desc nulls last, ${ties('w')}`
      : ties('w');

/**
 * One page of a view, with the columns of `LibraryRow`. Offset 0 leaves OFFSET out of the text:
 * with the page size written in, the first page's plan is the same whatever the parameters. With
 * `countLimit` every row also carries the view's count up to it + 1 (`total`, computed once): the
 * first page and its count in one statement, one round trip fewer. A first page that is not full
 * counts only what it walked anyway.
 */
export function viewPageSql(
  scope: ViewScope,
  view: LibraryView,
  page: { limit: number; offset: number },
  countLimit?: number,
): SQL {
  const walk = walkOf(scope, view);
  const offset = page.offset > 0 ? sql` offset ${page.offset}` : sql``;
  const total = countLimit === undefined ? sql`null::int` : sql`(${viewCountSql(scope, view, countLimit)})`;
  return sql`select w.id as pnp_id, w.name, c.location, w.description, w.container_id, w.version_id, w.version_number,
         w.effective_dt::text as effective_dt, w.review_dt::text as review_dt,
         ${reviewStateSql('w', scope.today)} as review_state, w.published_at,
         coalesce(fav.favorite, false) as favorite, fav.favorite_updated_at, lv.viewed_at as recent_view,
         null::boolean as in_name, null::boolean as in_location, null::boolean as in_description,
         null::boolean as in_document, null::text as headline, ${total} as total, null::boolean as truncated,
         null::boolean as typo_pass
    from (${walk.rows} order by ${walk.order} limit ${literalInt(page.limit)}${offset}) w
    cross join lateral (select c.location from containers c where c.org_id = w.org_id and c.id = w.container_id offset 0) c
    left join lateral (
      select f.favorite, f.favorite_updated_at from library_favorites f
       where f.org_id = w.org_id and f.user_id = ${scope.userId} and f.pnp_id = w.id offset 0) fav on true
    left join lateral (
      select l.viewed_at from library_last_views l
       where l.org_id = w.org_id and l.user_id = ${scope.userId} and l.pnp_id = w.id
         and l.viewed_at >= ${scope.windowStart}::timestamptz offset 0) lv on true
   order by ${outerOrder(view)}`;
}

/** The user's grants, their own or their groups' (`g`), on containers (`container`) or P&Ps (`pnp`). */
const grantedIds = (scope: Pick<ViewScope, 'orgId' | 'userId'>, column: 'container_id' | 'pnp_id'): SQL => sql`
  select distinct g.${sql.raw(column)} as id from access_grants g
   where g.org_id = ${scope.orgId} and g.${sql.raw(column)} is not null
     and (g.user_id = ${scope.userId}
          or g.group_id in (select m.group_id from group_memberships m where m.org_id = ${scope.orgId} and m.user_id = ${scope.userId}))`;

/**
 * One row per published P&P the user may see (narrowed by `also`, on `p`), read from the index of
 * published P&Ps alone (`pnps_published_source_idx`, an index-only walk): for a reader, source by
 * source of their grants (a LATERAL probe each, so the plan is the same whatever their number),
 * then the few P&Ps with participants of their own they may see (`ownParticipantsSql`). The parts
 * never share a P&P: one with its own participants has no access source (ADR 0009).
 */
function countableSql(scope: ViewScope, also: SQL): SQL {
  if (scope.isAdmin) {
    return sql`select 1 from pnps p where p.org_id = ${scope.orgId} and p.status = ${PUBLISHED} and ${also}`;
  }
  return sql`
    select 1 from (${grantedIds(scope, 'container_id')}) s
     cross join lateral (
       select 1 from pnps p
        where p.org_id = ${scope.orgId} and p.status = ${PUBLISHED} and p.access_source_id = s.id and ${also}
       offset 0) x
    union all
    ${ownParticipantsSql(scope, also)}`;
}

/**
 * One row per published P&P with participants of its own that a reader may see: those on which
 * they hold a grant, then those in containers they own that they hold no grant on (the two never
 * share a P&P). Few in any organisation: `pnps_own_participants_idx` finds them.
 */
function ownParticipantsSql(scope: Pick<ViewScope, 'orgId' | 'userId'>, also: SQL): SQL {
  return sql`
    select 1 from (${grantedIds(scope, 'pnp_id')}) s
     cross join lateral (
       select 1 from pnps p
        where p.org_id = ${scope.orgId} and p.id = s.id and p.status = ${PUBLISHED} and not p.inherits_access and ${also}
       offset 0) x
    union all
    select 1 from (${ownedContainerIdsSql(scope)}) s
     cross join lateral (
       select 1 from pnps p
        where p.org_id = ${scope.orgId} and p.container_id = s.id and not p.inherits_access
          and p.status = ${PUBLISHED} and ${also} and p.id not in (${grantedIds(scope, 'pnp_id')})
       offset 0) x`;
}

/**
 * How many published P&Ps the user may see, without walking them: the tallies of P&Ps by status
 * and access source kept in the same transaction as every write (`reporting_tallies`, migration
 * 0030), summed over every source for an admin and over the sources of their grants for a reader,
 * plus the few P&Ps with participants of their own they may see (they have no source). Exactly
 * `countableSql` counted, whatever the size of the library: 25,000 P&Ps of a reader were 8.7 ms
 * of index walking on every first page, the sum of their sources' tallies is a few rows.
 */
export function talliedPublishedSql(scope: Pick<ViewScope, 'orgId' | 'userId' | 'isAdmin'>): SQL {
  const tallied = sql`select coalesce(sum(t.n), 0)::int from reporting_tallies t
     where t.org_id = ${scope.orgId} and t.figure = ${literalInt(Tally.PnpStatus)} and t.bucket = ${PUBLISHED}
       ${scope.isAdmin ? sql`` : sql`and t.source_id in (${grantedIds(scope, 'container_id')})`}`;
  if (scope.isAdmin) return sql`(${tallied})`;
  return sql`((${tallied}) + (select count(*)::int from (${ownParticipantsSql(scope, sql`true`)}) own))`;
}

/**
 * The containers the user owns (effectively): the P&Ps with participants of their own in them are
 * theirs to see too (product rules, `pnpVisibleCondition`), counted from `pnps_own_participants_idx`.
 */
const ownedContainerIdsSql = (scope: Pick<ViewScope, 'orgId' | 'userId'>): SQL =>
  containersWithRoleSql(scope.orgId, scope.userId, ObjectRole.Owner);

/**
 * How many items a view holds for the user, counted up to `limit` + 1 (then it stops), or exactly
 * when that costs no walk. The whole library is summed from the tallies (`talliedPublishedSql`)
 * and the recently published view counted from the index of published P&Ps (`countableSql`), each
 * less those whose Active version is not effective yet (scheduled publications, usually none;
 * every Published P&P has exactly one Active version, and `active_published_at` is its publication
 * date, ADR 0012); favourites and last views are counted by walking them.
 */
export function viewCountSql(scope: ViewScope, view: LibraryView, limit: number): SQL {
  if (view === 'favorites' || view === 'recently_viewed') return ownListCountSql(scope, ownListOf(scope, view), limit);
  const also =
    view === 'recently_published' ? sql`p.active_published_at >= ${scope.windowStart}::timestamptz` : sql`true`;
  const scheduled = sql`select count(*)::int as n
        from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
       where d.org_id = ${scope.orgId} and d.status = ${ACTIVE}
         and ${versionScheduledSql('d', scope.today)}
         and p.status = ${PUBLISHED} and ${also}
         ${scope.isAdmin ? sql`` : sql`and ${pnpVisibleCondition('p', scope.orgId, scope.userId)}`}`;
  if (view === 'all') return sql`select ${talliedPublishedSql(scope)} - (${scheduled}) as total`;
  return countedLessScheduled(countableSql(scope, also), scheduled, limit);
}

/**
 * Rows of `countable` counted up to `limit` + 1 beyond the `scheduled` ones (a count, `n`) that it
 * holds but the view does not show, less those: the same answer as counting the shown rows up to
 * `limit` + 1, without a probe of each row's Active version.
 */
const countedLessScheduled = (
  countable: SQL,
  scheduled: SQL,
  limit: number,
): SQL => sql`with scheduled as (${scheduled})
    select ((select count(*)::int from (${countable} limit ${literalInt(limit + 1)} + (select n from scheduled)) counted)
            - (select n from scheduled)) as total`;

/**
 * How many of the user's favourites or last views the view shows, up to `limit` + 1: each row's
 * P&P is probed alone (published and, for a reader, visible), and the few whose Active version is
 * not effective yet are found from the other side (the organisation's scheduled versions, each
 * probed in the user's list) and taken off. Probing each row's Active version as well doubled the
 * count's cost (515 favourites: 1,030 index probes).
 */
function ownListCountSql(scope: ViewScope, list: OwnList, limit: number): SQL {
  const visible = scope.isAdmin ? sql`` : sql`and ${pnpVisibleCondition('p', scope.orgId, scope.userId)}`;
  const listed = sql`select 1 from ${list.table} k
     cross join lateral (
       select 1 from pnps p
        where p.org_id = k.org_id and p.id = k.pnp_id and p.status = ${PUBLISHED} ${visible}
       offset 0) x
     where ${ownListWhere(scope, list)}`;
  // Driven from the scheduled versions (LATERAL with OFFSET 0 keeps the order whatever the planner
  // guesses), and bounded on both sides: a generic plan then takes the range for a narrow one and
  // reads it from pnp_documents_active_effective_idx (no date is 'infinity': dates are validated).
  const scheduled = sql`select count(*)::int as n
        from pnp_documents d
        cross join lateral (
          select 1 from ${list.table} k
           where k.org_id = d.org_id and k.user_id = ${scope.userId} and k.pnp_id = d.pnp_id
             and ${sql.join(list.conditions, sql` and `)}
          offset 0) listed
        cross join lateral (
          select 1 from pnps p
           where p.org_id = d.org_id and p.id = d.pnp_id and p.status = ${PUBLISHED} ${visible}
          offset 0) shown
       where d.org_id = ${scope.orgId} and d.status = ${ACTIVE}
         and ${versionScheduledSql('d', scope.today)}`;
  return countedLessScheduled(listed, scheduled, limit);
}
