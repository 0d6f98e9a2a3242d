import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE } from '../../../shared/domain/limits';

/**
 * How a search matches (issue 6): the words of the phrase in the name, the 'Binder / Folder'
 * location and the description; the document's text by full-text search; names by similarity in
 * the typo-tolerant second pass. The matching itself is `library_search_candidates` (migrations
 * 0003 and 0006, docs/adr/0006-library-search.md, docs/adr/0008-search-ranking.md).
 */

/**
 * Each pass of a search (names, descriptions, locations, documents) keeps at most this many P&Ps:
 * a word in every document costs a search as much as a word in 100 (docs/adr/0008-search-ranking.md).
 * It was 200: each candidate costs the search its place in the passes' ranking and its join to its
 * version and to the caller's visibility, 13.3 -> 9.6 ms of PostgreSQL for 'patient' at 50,000 P&Ps
 * (docs/adr/0022-search-passes-apart.md, "Addendum, November 29").
 */
export const SEARCH_PASS_LIMIT = 100;
/**
 * A search reaches at least this many of the caller's matches when there are that many: the
 * passes keep the organisation's first P&Ps, not the caller's, so when a pass stopped and fewer
 * than this many of what it kept are the caller's (what they may see, published, inside the binder
 * or view they search), the search runs again, among the caller's P&Ps or with deeper passes
 * (search.repo.ts, ADR 0033). Without it a reader who sees a small part of the library, or a search
 * inside one binder, found only the matches among the organisation's first hundred, often none.
 * Half a pass: a caller who sees most of the library, in an organisation with retired and draft
 * P&Ps among the first hundred, does not pay for a second search to reach a page or two more.
 */
export const SEARCH_REACH = SEARCH_PASS_LIMIT / 2;
/**
 * The deepest a pass goes. At 50,000 P&Ps a word in every document searched with passes of 10,000
 * (about 11,000 candidates) answers in 130-200 ms; with passes as deep as the library (every P&P a
 * candidate) 0.7-1.4 s, holding one of the few searches a process runs at once (search-gate.ts).
 * Past it the search says that more match ('12+') rather than run longer: a reader who sees 1% of
 * such a library still reaches about a hundred of their matches of a word in every document.
 */
export const SEARCH_DEEPEST_PASS_LIMIT = 10_000;
/**
 * When the caller's P&Ps inside what they search (visible, published, within the binder, view and
 * filters) are at most this many, a search whose passes stopped short of SEARCH_REACH of them
 * looks among those alone, each tested by key, instead of going deeper through the organisation's.
 */
export const SEARCH_AMONG_LIMIT = 5_000;

/**
 * The next pass limit when `reached` of the caller's matches were found with passes of `passLimit`
 * that stopped: a power of ten deeper, as deep as the share found suggests SEARCH_REACH needs (none
 * found: a hundred times), or null when the passes are as deep as they go. A power of ten each
 * time, so that every page of one search arrives at the same depth.
 */
export function deeperPassLimit(passLimit: number, reached: number): number | null {
  if (passLimit >= SEARCH_DEEPEST_PASS_LIMIT) return null;
  const factor = 10 ** Math.max(1, Math.ceil(Math.log10(SEARCH_REACH / Math.max(reached, 1))));
  return Math.min(passLimit * factor, SEARCH_DEEPEST_PASS_LIMIT);
}
/**
 * Only the best this many candidates of the cheap first pass have their whole text ranked (ts_rank):
 * the first three pages. Ranking costs a read and a walk of each document's vector, in proportion to
 * its length (100 documents of 150 words were 6 of the 20 ms of a search for 'patient'); past the
 * third page the order is the first pass's.
 */
export const SEARCH_RANKED_LIMIT = 30;

/** Word similarity (pg_trgm) from which a name counts as a typo-tolerant match. */
export const NAME_SIMILARITY_THRESHOLD = 0.5;

/** The words of a search: the phrase and the advanced search's words are one and the same test. */
export const wordsOf = (criteria: { phrase?: string; words?: string }): string | null => {
  const words = [criteria.phrase, criteria.words].filter((w): w is string => Boolean(w && w.trim())).join(' ');
  return words ? words : null;
};

/** At most this many words of a phrase are each looked for in names, locations and descriptions. */
const MAX_TOKENS = 8;
/** The words of two or more letters or digits, lower case, each once, at most MAX_TOKENS. */
export const tokensOf = (words: string): string[] =>
  [
    ...new Set(
      words
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1),
    ),
  ].slice(0, MAX_TOKENS);

/**
 * The words of a search and their tokens (`tokensOf`, joined by spaces), each a parameter of its
 * statements: worked out once, so that a statement kept by shape (server/db/shaped-sql.ts) is
 * given both as values rather than computing one from the other.
 */
export interface SearchWords {
  words: string;
  tokens: string;
  /** How many P&Ps each pass keeps (SEARCH_PASS_LIMIT, deeper when the caller's are few). */
  passLimit: number;
  /**
   * The only P&Ps the passes look among, as an array literal ('{4,8,15}'): the caller's few inside
   * what they search (search.repo.ts); '' for the whole organisation. Text, so that a statement
   * kept by shape takes it as a parameter like the words.
   */
  among: string;
}

export const searchWordsOf = (
  words: string,
  passLimit: number = SEARCH_PASS_LIMIT,
  among: readonly number[] | null = null,
): SearchWords => ({
  words,
  tokens: tokensOf(words).join(' '),
  passLimit,
  among: among === null ? '' : `{${among.join(',')}}`,
});

/**
 * The P&Ps of the organisation that match the words, with where they matched and the document's
 * full-text rank: `library_search_candidates` (migration 0003, docs/adr/0006-library-search.md).
 * It uses the GIN full-text and trigram indexes, which row-level security keeps a query of ours
 * from using. It only narrows: visibility, status and every filter still apply around it.
 */
export const candidatesSql = (search: SearchWords, fuzzy: boolean, ranked: number = SEARCH_RANKED_LIMIT): SQL =>
  sql`library_search_candidates(${search.words}::text, string_to_array(${search.tokens}::text, ' '), ${fuzzy}::boolean, ${NAME_SIMILARITY_THRESHOLD}::real, ${search.passLimit}::int, ${ranked}::int, nullif(${search.among}::text, '')::int[])`;

/**
 * Whether names are also matched through corrected words (typos): never, always (a count or a tree
 * of the typo pass), or when the exact passes find fewer than a page (`TYPO_PASS_BELOW`), decided in
 * the search's own statement (search.repo.ts).
 */
export type TypoMode = boolean | 'auto';

/** Fewer exact matches than a page (after visibility and filters): the typo pass's matches join them. */
export const TYPO_PASS_BELOW = DEFAULT_PAGE_SIZE;

export interface Match {
  /** Joins the candidates as `s` (nothing when not searching). */
  join: SQL;
  select: SQL;
  /** The exact passes' rank: a name hit outweighs a description, then the text's rank. */
  rank: SQL;
  /**
   * What the typo pass adds to the rank of a row of `alias` (with its `name`): the name's similarity
   * to the phrase (0 when not searching). Computed only for the rows of the typo pass.
   */
  typoBonus: (alias: string) => SQL;
}

const tableAlias = (alias: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return alias;
};

/**
 * The exact candidates of a search as the common table expression `cand`, computed once, for a
 * statement that joins them and then (the typo pass) the corrected names that are not among them.
 */
export const candidatesCte = (search: SearchWords): SQL =>
  sql`cand as materialized (select * from ${candidatesSql(search, false)})`;

/** The candidates of `cand` (exact passes). */
export function matchOfCandidates(search: SearchWords): Match {
  return { ...matchOf(search, false), join: sql`join cand s on s.pnp_id = p.id` };
}

/**
 * The names found through corrected words (`library_search_corrections`, migrations 0039 and
 * 0059), at most `max` of them, among the search's `among` when it has them.
 */
export const correctionsSql = (search: SearchWords, max: number): SQL =>
  sql`library_search_corrections(${search.words}::text, string_to_array(${search.tokens}::text, ' '), ${NAME_SIMILARITY_THRESHOLD}::real, ${max}::int, nullif(${search.among}::text, '')::int[])`;

/**
 * The names found only through corrected words (`library_search_corrections`, migration 0039), not
 * already among `cand`. The function runs only when the statement reaches it: behind a one-time
 * filter that is false, never. Like each exact pass, it keeps SEARCH_PASS_LIMIT names and asks for
 * one more, which says it stopped (`truncated`): the total then shows that more match ('100+'),
 * where it used to count the names kept as if they were all.
 */
export function matchOfCorrections(search: SearchWords): Match {
  return {
    join: sql`join (
        select c.pnp_id, count(*) over () > ${SEARCH_PASS_LIMIT} as stopped
          from ${correctionsSql(search, SEARCH_PASS_LIMIT + 1)} c
         limit ${SEARCH_PASS_LIMIT}
      ) s on s.pnp_id = p.id and s.pnp_id not in (select c.pnp_id from cand c)`,
    select: sql`true as in_name, false as in_location, false as in_description, false as in_document, s.stopped as truncated, false as in_exact`,
    rank: sql`3`,
    typoBonus: matchOf(search, true).typoBonus,
  };
}

export function matchOf(search: SearchWords | null, typos: TypoMode): Match {
  if (!search) {
    return {
      join: sql``,
      select: sql`null::boolean as in_name, null::boolean as in_location, null::boolean as in_description, null::boolean as in_document, false as truncated, true as in_exact`,
      rank: sql`0`,
      typoBonus: () => sql`0`,
    };
  }
  const { words } = search;
  return {
    join: sql`join ${candidatesSql(search, typos !== false)} s on s.pnp_id = p.id`,
    select: sql`s.in_name, s.in_location, s.in_description, s.in_document, s.truncated, s.in_exact`,
    rank: sql`(3 * s.in_name::int + s.in_description::int + 0.5 * s.in_location::int + coalesce(s.doc_rank, 0))`,
    typoBonus: (alias) => sql`2 * word_similarity(lower(${words}::text), lower(${sql.raw(tableAlias(alias))}.name))`,
  };
}
