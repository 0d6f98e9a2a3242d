import { sql, type SQL } from 'drizzle-orm';
import {
  LIBRARY_COUNT_LIMIT,
  type LibraryFilters,
  type LibrarySortKey,
  type LibraryView,
  type ReviewState,
} from '../../../shared/api/library';
import { pagerCountReach } from '../../../shared/domain/pagination';
import { ObjectRole } from '../../../shared/domain/roles';
import { PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
import { shapedSql } from '../../db/shaped-sql';
import { beginAgainIfCommitted, commitWithFinalStatement, planOnce } from '../../db/tenant';
import { containerSourcesCte, pnpVisibleCondition } from '../access/effective-access';
import { versionInEffectSql } from '../access/in-effect';
import {
  candidatesCte,
  candidatesSql,
  correctionsSql,
  deeperPassLimit,
  matchOf,
  matchOfCandidates,
  matchOfCorrections,
  SEARCH_AMONG_LIMIT,
  SEARCH_PASS_LIMIT,
  SEARCH_REACH,
  searchWordsOf,
  TYPO_PASS_BELOW,
  wordsOf,
  type Match,
  type SearchWords,
  type TypoMode,
} from './search-match';
import { reviewStateSql } from './review-state';
import { viewCountSql, viewPageSql, type ViewScope } from './view-page.repo';

/**
 * The one query behind the library's list, tree, counts and search (spec §9 and beyond): published
 * P&Ps with their Active version, only those the user may see, only from their effective date.
 * Everything is decided in SQL so that a page never loads the whole library into memory.
 */

/** Who is looking, and when (the library's "today" is the UTC date of the request, spec §9). */
export interface LibraryScope {
  orgId: number;
  userId: number;
  isAdmin: boolean;
  now: Date;
  /** Start of the one-year window of the recently viewed and recently published views. */
  windowStart: Date;
}

export interface LibraryCriteria extends LibraryFilters {
  view?: LibraryView;
  /** A free-text phrase searched in name, location, description and the document's text. */
  phrase?: string;
  /**
   * Also match names through corrected words (typos): never, always, or ('auto', a search) when the
   * exact passes find fewer than a page, decided in the same statement (`typo_pass` on its rows).
   */
  fuzzy?: TypoMode;
  /** How many P&Ps each pass of a search keeps: SEARCH_PASS_LIMIT unless the caller's were few. */
  passLimit?: number;
  /** The only P&Ps a search looks among: the caller's, when they are few (`searchPage`). */
  amongIds?: readonly number[];
  pnpIds?: number[];
}

export interface LibraryRow {
  pnp_id: number;
  name: string;
  location: string;
  description: string | null;
  container_id: number;
  version_id: number;
  version_number: number | null;
  effective_dt: string | null;
  review_dt: string | null;
  /** Where the version stands in its review cycle today (review-state.ts). */
  review_state: ReviewState | null;
  published_at: string | null;
  favorite: boolean;
  favorite_updated_at: string | null;
  recent_view: string | null;
  in_name: boolean | null;
  in_location: boolean | null;
  in_description: boolean | null;
  in_document: boolean | null;
  /**
   * ts_headline of the document with \u0001 \u0002 around the words found, cut from the text around the
   * first of them (`search_excerpt`, migration 0040): a long document is never parsed whole for it.
   */
  headline: string | null;
  /** Searching: how many candidates the user may see (a window count); browsing counts apart (null). */
  total: number | null;
  /** Searching: a pass of the search stopped at its limit, so more than `total` match. */
  truncated: boolean | null;
  /** Searching: names matched through corrected words are among the matches (the typo pass). */
  typo_pass: boolean | null;
}

/** Delimiters ts_headline puts around the words found; the presenter turns them into parts. */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_STOP = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

const iso = (date: Date): string => date.toISOString();
const today = (scope: LibraryScope): string => iso(scope.now).slice(0, 10);

/** P&Ps on which `ownerId` is an effective Owner (directly or through a group). */
const ownedPnpIdsSql = (orgId: number, ownerId: number): SQL => sql`
  with recursive ${containerSourcesCte(orgId)},
  owner_grants as (
    select g.container_id, g.pnp_id from access_grants g
     where g.org_id = ${orgId} and g.role = ${ObjectRole.Owner}
       and (g.user_id = ${ownerId}
            or g.group_id in (select group_id from group_memberships where org_id = ${orgId} and user_id = ${ownerId}))
  )
  select o.id from pnps o
   where o.org_id = ${orgId}
     and ((not o.inherits_access and exists (select 1 from owner_grants og where og.pnp_id = o.id))
       or (o.inherits_access and exists (
             select 1 from container_sources s join owner_grants og on og.container_id = s.source_id
              where s.node_id = o.container_id)))`;

/** The WHERE conditions on `p` (pnps), `d` (its Active version) and `cp` (its container path). */
function conditions(at: ViewScope, criteria: LibraryCriteria): SQL[] {
  const where: SQL[] = [
    sql`p.org_id = ${at.orgId}`,
    sql`p.status = ${PnpStatus.Published}`,
    // A scheduled publication shows only from its effective date (product rules).
    versionInEffectSql('d', at.today),
  ];
  if (criteria.pnpIds)
    where.push(
      sql`p.id in (${sql.join(
        criteria.pnpIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (criteria.container_id) where.push(sql`${criteria.container_id}::int = any(cp.ancestor_ids)`);
  if (criteria.owner_id) where.push(sql`p.id in (${ownedPnpIdsSql(at.orgId, criteria.owner_id)})`);
  if (criteria.effective_from) where.push(sql`d.effective_dt >= ${criteria.effective_from}::date`);
  if (criteria.effective_to) where.push(sql`d.effective_dt <= ${criteria.effective_to}::date`);
  if (criteria.published_from)
    where.push(sql`(d.published_at at time zone 'UTC')::date >= ${criteria.published_from}::date`);
  if (criteria.published_to)
    where.push(sql`(d.published_at at time zone 'UTC')::date <= ${criteria.published_to}::date`);
  if (criteria.review_from) where.push(sql`d.review_dt >= ${criteria.review_from}::date`);
  if (criteria.review_to) where.push(sql`d.review_dt <= ${criteria.review_to}::date`);
  if (criteria.view === 'favorites') where.push(sql`fav.favorite`);
  if (criteria.view === 'recently_viewed') where.push(sql`lv.viewed_at is not null`);
  if (criteria.view === 'recently_published') where.push(sql`d.published_at >= ${at.windowStart}::timestamptz`);
  return where;
}

/**
 * P&P, Active version, container path, search match, favourite and last view, visible to the user
 * (a condition on each row, against the materialised access sources: an ordered page stops after
 * its rows instead of building the whole visible set first), filtered. Every P&P has a path (its container exists, under a binder): a count that filters on no
 * binder or folder leaves the path out (`withPaths`), one join fewer per counted row.
 */
const fromWhere = (at: ViewScope, match: Match, where: SQL[], withPaths = true): SQL => sql`
  from pnps p
  ${match.join}
  join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${VersionStatus.Active}
  ${withPaths ? sql`join containers cp on cp.org_id = p.org_id and cp.id = p.container_id` : sql``}
  left join library_favorites fav on fav.org_id = p.org_id and fav.user_id = ${at.userId} and fav.pnp_id = p.id
  left join library_last_views lv on lv.org_id = p.org_id and lv.user_id = ${at.userId} and lv.pnp_id = p.id
        and lv.viewed_at >= ${at.windowStart}::timestamptz
  where ${sql.join(at.isAdmin ? where : [...where, pnpVisibleCondition('p', at.orgId, at.userId)], sql` and `)}`;

const SORT_SQL: Record<LibrarySortKey, SQL> = {
  name: sql`lower(m.name)`,
  location: sql`lower(m.location)`,
  published_at: sql`m.published_at`,
  favorite_updated_at: sql`m.favorite_updated_at`,
  recent_view: sql`m.recent_view`,
  relevance: sql`m.rank`,
};

/** The default order of each view (spec §9: favourites by favorite_updated_at, newest first). */
export function defaultSort(
  view: LibraryView | undefined,
  searching: boolean,
): { sort: LibrarySortKey; dir: 'asc' | 'desc' } {
  if (searching) return { sort: 'relevance', dir: 'desc' };
  if (view === 'favorites') return { sort: 'favorite_updated_at', dir: 'desc' };
  if (view === 'recently_viewed') return { sort: 'recent_view', dir: 'desc' };
  if (view === 'recently_published') return { sort: 'published_at', dir: 'desc' };
  return { sort: 'name', dir: 'asc' };
}

export interface PageOptions {
  offset: number;
  limit: number;
  sort: LibrarySortKey;
  dir: 'asc' | 'desc';
  /** Tree order (binder, folder, position) instead of a sort key. */
  treeOrder?: boolean;
  /** Count matches only this far (LIBRARY_COUNT_LIMIT unless a test says otherwise). */
  countLimit?: number;
}

/**
 * The statement of one P&P's row, when the user may see it in the library (else no row), from the
 * scope's values (`viewScopeOf`; a builder of `shapedSql` passes stand-ins for them).
 */
export const libraryItemRowSql = (at: ViewScope, pnpId: number): SQL =>
  libraryRowsSql(at, { pnpIds: [pnpId] }, null, { offset: 0, limit: 1, sort: 'name', dir: 'asc' }, false);

/** The rows of one page, without any count. */
export async function listLibraryRows(
  db: Executor,
  scope: LibraryScope,
  criteria: LibraryCriteria,
  page: PageOptions,
): Promise<LibraryRow[]> {
  return queryRows<LibraryRow>(db, libraryRowsSql(viewScopeOf(scope), criteria, searchOf(criteria), page, false));
}

export interface LibraryPageResult {
  rows: LibraryRow[];
  /** How many match in all, at most LIBRARY_COUNT_LIMIT. */
  total: number;
  /** More than `total` match: the count stopped at LIBRARY_COUNT_LIMIT. */
  capped: boolean;
  /** A search whose matches include those of the typo pass. */
  typoPass?: boolean;
  /** A search: how deep its passes went, or the P&Ps it looked among (the tree's counts follow it). */
  depth?: SearchDepth;
}

/** How a search reached the caller's matches: passes of the organisation this deep, or among theirs. */
export type SearchDepth = Pick<LibraryCriteria, 'passLimit' | 'amongIds'>;

/**
 * The statements of one page: its rows (ordered and limited, so that an index order can stop after
 * them), then how many match, counted only as far as the pager needs: LIBRARY_COUNT_LIMIT and one
 * more, so that a word in every document or a reader of 50,000 P&Ps never counts them all.
 */
export function libraryPageSql(scope: LibraryScope, criteria: LibraryCriteria, page: PageOptions): SQL[] {
  // A search's candidates are few (SEARCH_PASS_LIMIT a pass): a window counts them on the way.
  const search = searchOf(criteria);
  if (search) return [searchPageSql(viewScopeOf(scope), criteria, search, page)];
  const view = walkedView(criteria, page);
  if (view) {
    const at = viewScopeOf(scope);
    // The first page carries its count (one statement), built once per shape (server/db/shaped-sql.ts);
    // a later one counts apart, when full.
    if (page.offset === 0) return [firstViewPageSql(at, view, page.limit, countLimitOf(page, view))];
    return [viewPageSql(at, view, page), viewCountSql(at, view, countLimitOf(page, view))];
  }
  return generalPageSql(scope, criteria, page);
}

/** The words and tokens of a search's criteria, or null when it does not search. */
const searchOf = (criteria: LibraryCriteria): SearchWords | null => {
  const words = wordsOf(criteria);
  return words ? searchWordsOf(words, criteria.passLimit, criteria.amongIds ?? null) : null;
};

/** Nothing but words (and the typo mode), as a list: the search screen's own request. */
const isScreenSearch = (criteria: LibraryCriteria, page: PageOptions): boolean =>
  !page.treeOrder &&
  Object.entries(criteria).every(
    ([key, value]) =>
      value === undefined ||
      key === 'phrase' ||
      key === 'words' ||
      key === 'fuzzy' ||
      key === 'passLimit' ||
      key === 'amongIds',
  );

/**
 * A search's page, its window count on its rows. The search screen's own request (words alone, in
 * a list) is built once per shape (server/db/shaped-sql.ts): its statement is the longest the
 * library sends, and building it was about a tenth of a search's JavaScript in a CPU profile.
 */
function searchPageSql(at: ViewScope, criteria: LibraryCriteria, search: SearchWords, page: PageOptions): SQL {
  if (!isScreenSearch(criteria, page)) return libraryRowsSql(at, criteria, search, page, true);
  const fuzzy = criteria.fuzzy ?? false;
  return shapedSql(
    `library-search:${at.isAdmin ? 'admin' : 'user'}:${String(fuzzy)}:${page.sort}:${page.dir}:${page.limit}`,
    {
      orgId: at.orgId,
      userId: at.userId,
      today: at.today,
      windowStart: at.windowStart,
      words: search.words,
      tokens: search.tokens,
      passLimit: search.passLimit,
      among: search.among,
      offset: page.offset,
    },
    (values) =>
      libraryRowsSql(
        { ...values, isAdmin: at.isAdmin },
        { fuzzy },
        { words: values.words, tokens: values.tokens, passLimit: values.passLimit, among: values.among },
        { ...page, offset: values.offset },
        true,
      ),
  );
}

/** A view's first page and its count: its text depends on the view, the caller's kind and the two limits. */
const firstViewPageSql = (at: ViewScope, view: LibraryView, limit: number, countLimit: number): SQL =>
  shapedSql(
    `library-view:${view}:${at.isAdmin ? 'admin' : 'user'}:${limit}:${countLimit}`,
    { orgId: at.orgId, userId: at.userId, today: at.today, windowStart: at.windowStart },
    (values) => viewPageSql({ ...values, isAdmin: at.isAdmin }, view, { limit, offset: 0 }, countLimit),
  );

/** The general statements of a page (any filter and order): what the view walks must agree with. */
export const generalPageSql = (scope: LibraryScope, criteria: LibraryCriteria, page: PageOptions): SQL[] => [
  libraryRowsSql(viewScopeOf(scope), criteria, searchOf(criteria), page, false),
  libraryCountSql(scope, criteria, countLimitOf(page)),
];

/**
 * The view whose page walks its own index (view-page.repo.ts): a view without filters, in its
 * default order, as a list (the tree orders by binder and folder). Null for anything else.
 */
export function walkedView(criteria: LibraryCriteria, page: PageOptions): LibraryView | null {
  const { view = 'all', ...filters } = criteria;
  if (page.treeOrder || Object.values(filters).some((value) => value !== undefined)) return null;
  const order = defaultSort(view, false);
  return page.sort === order.sort && page.dir === order.dir ? view : null;
}

export const viewScopeOf = (scope: LibraryScope): ViewScope => ({
  orgId: scope.orgId,
  userId: scope.userId,
  isAdmin: scope.isAdmin,
  today: today(scope),
  windowStart: iso(scope.windowStart),
});

/**
 * How far a page's matches are counted. The whole library's count is read from kept tallies, so
 * it is counted to LIBRARY_COUNT_LIMIT, as filtered pages are; the views walked from a user's own
 * list or from the newest publication count only as far as the pager can reach from this page
 * (`pagerCountReach`): each item counted is an index probe and a visibility check, and
 * counting them was most of those pages' cost (a reader's 515 favourites: 1,560 of 1,784 buffers
 * read; the recently published view: up to 10,001 index entries), docs/adr/0023.
 */
const countLimitOf = (page: PageOptions, view: LibraryView | null = null): number => {
  if (page.countLimit !== undefined) return page.countLimit;
  if (view === null || view === 'all') return LIBRARY_COUNT_LIMIT;
  return pagerCountReach(page, LIBRARY_COUNT_LIMIT);
};

/** One page of matching library items and how many match (up to LIBRARY_COUNT_LIMIT). */
export async function listLibraryPage(
  db: Executor,
  scope: LibraryScope,
  criteria: LibraryCriteria,
  page: PageOptions,
): Promise<LibraryPageResult> {
  const [rowsSql, countSql] = libraryPageSql(scope, criteria, page);
  const view = walkedView(criteria, page);
  const firstOfView = page.offset === 0 && view !== null;
  // A view's first page is planned once per connection (view-page.repo.ts), and is the route's last
  // statement: nothing runs after it, so its COMMIT rides with it (tenant.ts).
  if (firstOfView) {
    await planOnce(db);
    commitWithFinalStatement(db);
  } else if (plannedOnce(criteria, page)) await planOnce(db);
  const rows = await queryRows<LibraryRow>(db, rowsSql!);
  if (firstOfView) return countedPage(rows, countLimitOf(page, view));
  if (!countSql) return searchPage(db, scope, criteria, page, rows);
  // A page that is not full and not empty is the last one: the total is known without counting.
  if (rows.length > 0 && rows.length < page.limit) return { rows, total: page.offset + rows.length, capped: false };
  if (rows.length === 0 && page.offset === 0) return { rows, total: 0, capped: false };
  const counted = (await queryRows<{ total: number }>(db, countSql))[0]?.total ?? 0;
  const limit = countLimitOf(page, view);
  return { rows, total: Math.min(counted, limit), capped: counted > limit };
}

/**
 * The search screen's own statement is planned once per connection: its words reach the search
 * function as values and its joins are by key, so one plan suits every phrase (the function plans
 * each of its passes for their words itself). Planned afresh, as PostgreSQL does for a prepared
 * statement's first five runs and whenever it judges the generic plan dearer, its planning cost
 * about as much as a rare word's whole search (3 of 6.5 ms at 50,000 P&Ps).
 */
const plannedOnce = (criteria: LibraryCriteria, page: PageOptions): boolean =>
  wordsOf(criteria) !== null && isScreenSearch(criteria, page);

/** A first page whose rows carry the count (up to `limit` + 1); no row, nothing to count. */
function countedPage(rows: LibraryRow[], limit: number): LibraryPageResult {
  const counted = rows[0]?.total ?? 0;
  return { rows, total: Math.min(counted, limit), capped: counted > limit };
}

/**
 * A search's page: the window count rides on its rows; a page past the end asks the first row.
 * When its passes stopped before reaching SEARCH_REACH of the caller's matches, the search is run
 * again: among the caller's P&Ps alone when they are few (SEARCH_AMONG_LIMIT: inside one binder,
 * in their favourites, a reader who sees little), else with deeper passes (`deeperPassLimit`).
 * Every page of a search takes the same way, so its pages agree.
 */
async function searchPage(
  db: Executor,
  scope: LibraryScope,
  criteria: LibraryCriteria,
  page: PageOptions,
  rows: LibraryRow[],
): Promise<LibraryPageResult> {
  const depth: SearchDepth = { passLimit: criteria.passLimit, amongIds: criteria.amongIds };
  const found = await searchTotals(db, scope, criteria, page, rows);
  if (!found.capped || found.total >= SEARCH_REACH || criteria.amongIds) return { ...found, depth };
  // The search's first page commits with its statement (library.service.ts): the next one begins again.
  beginAgainIfCommitted(db);
  const amongIds = criteria.passLimit === undefined ? await fewOfTheCallers(db, scope, criteria) : null;
  // The typo pass runs only when no exact pass stopped, so what stopped was its names: they are
  // looked for among the caller's, never deeper.
  const passLimit = found.typoPass ? null : deeperPassLimit(criteria.passLimit ?? SEARCH_PASS_LIMIT, found.total);
  if (amongIds === null && passLimit === null) return { ...found, depth };
  const deeperCriteria = amongIds === null ? { ...criteria, passLimit: passLimit! } : { ...criteria, amongIds };
  if (plannedOnce(deeperCriteria, page)) await planOnce(db);
  const deeperRows = await queryRows<LibraryRow>(db, libraryPageSql(scope, deeperCriteria, page)[0]!);
  return searchPage(db, scope, deeperCriteria, page, deeperRows);
}

/**
 * The P&Ps the caller may see inside what they search (the criteria's filters and view, not its
 * words), or null when there are more than SEARCH_AMONG_LIMIT.
 */
async function fewOfTheCallers(db: Executor, scope: LibraryScope, criteria: LibraryCriteria): Promise<number[] | null> {
  const at = viewScopeOf(scope);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id ${fromWhere(at, matchOf(null, false), conditions(at, criteria), Boolean(criteria.container_id))}
         limit ${SEARCH_AMONG_LIMIT + 1}`,
  );
  return rows.length > SEARCH_AMONG_LIMIT ? null : rows.map((row) => row.id);
}

/** The total of a search's page and whether its passes stopped, from its first row (or, with none, the passes). */
async function searchTotals(
  db: Executor,
  scope: LibraryScope,
  criteria: LibraryCriteria,
  page: PageOptions,
  rows: LibraryRow[],
): Promise<Omit<LibraryPageResult, 'depth'>> {
  // Any statement after the page's own begins again if the page committed with it (library.service.ts).
  if (rows.length === 0) beginAgainIfCommitted(db);
  const [first] =
    rows.length > 0 || page.offset === 0
      ? rows
      : await queryRows<LibraryRow>(db, libraryPageSql(scope, criteria, { ...page, offset: 0, limit: 1 })[0]!);
  if (first)
    return { rows, total: first.total ?? 0, capped: Boolean(first.truncated), typoPass: Boolean(first.typo_pass) };
  // Among the caller's P&Ps no pass stops: nothing more to ask.
  if (criteria.amongIds) return { rows, total: 0, capped: false, typoPass: criteria.fuzzy === true };
  // Nothing the caller may see among what the passes kept: whether they stopped is asked of the
  // passes (no text ranked), and (when the exact ones did not, so that the typo pass ran) of the
  // typo pass's names.
  const search = searchOf(criteria)!;
  const typos = criteria.fuzzy ?? false;
  const [passes] = await queryRows<{ stopped: boolean; names_stopped: boolean }>(
    db,
    sql`select exists (select 1 from ${candidatesSql(search, false, 0)} c where c.truncated) as stopped,
               ${typos === false ? sql`false` : sql`(select count(*) from ${correctionsSql(search, SEARCH_PASS_LIMIT + 1)} c) > ${SEARCH_PASS_LIMIT}`} as names_stopped`,
  );
  const stopped = Boolean(passes?.stopped);
  const typoPass = typos === true || (typos === 'auto' && !stopped);
  return { rows, total: 0, capped: stopped || (typoPass && Boolean(passes?.names_stopped)), typoPass };
}

/** The rows statement: matches, ordered and paged, with (searching) a highlighted snippet. */
function libraryRowsSql(
  at: ViewScope,
  criteria: LibraryCriteria,
  search: SearchWords | null,
  page: PageOptions,
  withTotal: boolean,
): SQL {
  const where = conditions(at, criteria);
  const direction = page.dir === 'asc' ? sql`asc` : sql`desc`;
  const order = page.treeOrder
    ? sql`m.container_id, m.position, lower(m.name), m.pnp_id`
    : sql`${SORT_SQL[page.sort]} ${direction} nulls last, lower(m.name), m.pnp_id`;
  const headline = search
    ? sql`case when m.in_document then ts_headline('english', search_excerpt(f.extracted_text, ${search.words}::text), websearch_to_tsquery('english', ${search.words}::text), ${HEADLINE_OPTIONS}) end`
    : sql`null::text`;
  const total = withTotal ? sql`count(*) over ()` : sql`null::bigint`;
  const needs = matchingNeeds(criteria, page);
  const found = (
    match: Match,
  ): SQL => sql`select p.id as pnp_id, p.name, ${needs.path ? sql`cp.location` : sql`null::text`} as location,
                 p.description, p.container_id, p.position,
                 d.id as version_id, d.version_number, d.effective_dt::text as effective_dt, d.review_dt::text as review_dt,
                 ${reviewStateSql('d', at.today)} as review_state,
                 d.published_at, d.file_id,
                 ${needs.favorite ? sql`fav.favorite_updated_at` : sql`null::timestamptz`} as favorite_updated_at,
                 ${needs.view ? sql`lv.viewed_at` : sql`null::timestamptz`} as recent_view,
                 ${match.select}, ${match.rank} as exact_rank
            ${fromWhere(at, match, where, needs.path)}`;
  const matches = search
    ? searchMatchesSql(search, criteria.fuzzy ?? false, found, withTotal)
    : sql`matches as (
          select x.*, x.exact_rank as rank, null::boolean as typo_pass, ${total} as total, x.truncated as any_truncated
            from (${found(matchOf(null, false))}) x
        )`;
  return sql`with ${matches},
        paged as (
          select * from matches m order by ${order} limit ${page.limit} offset ${page.offset}
        )
        select m.pnp_id, m.name, pc.location, m.description, m.container_id, m.version_id, m.version_number,
               m.effective_dt, m.review_dt, m.review_state, m.published_at,
               coalesce(pf.favorite, false) as favorite, pf.favorite_updated_at, pv.viewed_at as recent_view,
               m.in_name, m.in_location, m.in_description, m.in_document, ${headline} as headline,
               m.total::int as total, ${withTotal ? sql`m.any_truncated` : sql`null::boolean`} as truncated,
               m.typo_pass
          from paged m
          join containers pc on pc.org_id = ${at.orgId} and pc.id = m.container_id
          left join library_favorites pf on pf.org_id = ${at.orgId} and pf.user_id = ${at.userId} and pf.pnp_id = m.pnp_id
          left join library_last_views pv on pv.org_id = ${at.orgId} and pv.user_id = ${at.userId} and pv.pnp_id = m.pnp_id
                and pv.viewed_at >= ${at.windowStart}::timestamptz
          left join stored_files f on f.org_id = ${at.orgId} and f.id = m.file_id
         order by ${order}`;
}

/**
 * What the matching rows must read before they are ordered and paged: the container's path, the
 * user's favourite and last view, each only when a filter or the order needs it. The page's rows
 * read them afterwards, ten lookups instead of one per match: a search for a word in every document
 * has about 600 candidates, whose three lookups each were a third of its statement's joins.
 */
function matchingNeeds(
  criteria: LibraryCriteria,
  page: PageOptions,
): { path: boolean; favorite: boolean; view: boolean } {
  return {
    path: Boolean(criteria.container_id) || page.sort === 'location',
    favorite: criteria.view === 'favorites' || page.sort === 'favorite_updated_at',
    view: criteria.view === 'recently_viewed' || page.sort === 'recent_view',
  };
}

/**
 * A search's matches (`matches`, with `rank`, `typo_pass`, `total` and `any_truncated`): what the exact passes found
 * and, with the typo pass, the names found through corrected words, which also rank by their
 * similarity to the phrase. With `auto` the typo pass applies when fewer than a page of the visible,
 * filtered matches are exact and no exact pass stopped, whether or not what it kept is the caller's
 * (a search whose passes stopped short of the caller's matches runs again, `searchPage`): decided in
 * this one statement (a search finding little ran twice), and the corrected names are looked up
 * only then (a one-time filter).
 */
function searchMatchesSql(search: SearchWords, typos: TypoMode, found: (match: Match) => SQL, withTotal: boolean): SQL {
  const exact = matchOfCandidates(search);
  // Whether any pass stopped, exact or corrected, for the whole page: one window with the count.
  const total = withTotal ? sql`count(*) over ()` : sql`null::bigint`;
  const anyTruncated = withTotal ? sql`bool_or(y.truncated) over ()` : sql`null::boolean`;
  const decided =
    typos === 'auto'
      ? sql`select count(*) < ${TYPO_PASS_BELOW} and not exists (select 1 from cand c where c.truncated) as typo_pass from exact_found e`
      : sql`select ${typos ? sql`true` : sql`false`} as typo_pass`;
  return sql`${candidatesCte(search)},
        exact_found as (${found(exact)}),
        decided as (${decided}),
        corrected_found as (
          select c.* from (${found(matchOfCorrections(search))}) c where (select typo_pass from decided)
        ),
        matches as (
          select y.*, y.exact_rank + case when t.typo_pass then ${exact.typoBonus('y')} else 0 end as rank,
                 t.typo_pass, ${total} as total, ${anyTruncated} as any_truncated
            from (select * from exact_found union all select * from corrected_found) y
           cross join decided t
        )`;
}

/**
 * The view an unfiltered count is, when `viewCountSql` counts it without walking the matches: the
 * whole library (its tallies) or the recently published view (the index of published P&Ps). Null
 * for the others. The tree and other orders of such a view count as its own page does.
 */
function countedView(criteria: LibraryCriteria): 'all' | 'recently_published' | null {
  const { view = 'all', ...filters } = criteria;
  if (Object.values(filters).some((value) => value !== undefined)) return null;
  return view === 'all' || view === 'recently_published' ? view : null;
}

/** How many library items match, counted up to `limit` + 1 (then it stops). */
function libraryCountSql(scope: LibraryScope, criteria: LibraryCriteria, limit: number): SQL {
  const view = countedView(criteria);
  if (view) return viewCountSql(viewScopeOf(scope), view, limit);
  const match = matchOf(searchOf(criteria), criteria.fuzzy === true);
  const at = viewScopeOf(scope);
  return sql`select count(*)::int as total
          from (select 1 ${fromWhere(at, match, conditions(at, criteria), Boolean(criteria.container_id))}
                 limit ${limit + 1}) counted`;
}

/** How many items match, per binder and folder (for the tree's counts), over every match. */
export async function countByContainer(
  db: Executor,
  scope: LibraryScope,
  criteria: LibraryCriteria,
): Promise<
  Array<{ id: number; parent_id: number | null; type: number; name: string; position: number; count: number }>
> {
  const match = matchOf(searchOf(criteria), criteria.fuzzy === true);
  const at = viewScopeOf(scope);
  const where = conditions(at, criteria);
  return queryRows(
    db,
    sql`with counts as (
          select unnest(cp.ancestor_ids) as id, count(*)::int as count
            ${fromWhere(at, match, where)}
           group by 1
        )
        select c.id, c.parent_id, c.type::int as type, c.name, c.position, counts.count
          from counts join containers c on c.org_id = ${at.orgId} and c.id = counts.id
         order by c.position, lower(c.name), c.id`,
  );
}
