import { z } from 'zod';
import { queryId, text } from './primitives';
import { isValidDate } from '../domain/dates';
import { DEFAULT_PAGE_SIZE } from '../domain/limits';

/** The library views of spec §2: all files, favourites, recently viewed, recently published. */
export const LIBRARY_VIEWS = ['all', 'favorites', 'recently_viewed', 'recently_published'] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];
export const LIBRARY_VIEW_LABELS: Record<LibraryView, string> = {
  all: 'All Files',
  recently_viewed: 'Recently Viewed',
  recently_published: 'Recently Published',
  favorites: 'Favorites',
};

export const LIBRARY_SORT_KEYS = [
  'name',
  'location',
  'published_at',
  'favorite_updated_at',
  'recent_view',
  'relevance',
] as const;
export type LibrarySortKey = (typeof LIBRARY_SORT_KEYS)[number];

/** Longest search phrase we accept (our bound: a phrase, not a document). */
export const SEARCH_PHRASE_MAX_LENGTH = 200;
/** Largest page a client may ask for. */
export const LIBRARY_MAX_PAGE_SIZE = 100;
/** The tree view carries at most this many P&Ps; past it the list view and search take over. */
export const LIBRARY_TREE_MAX_ITEMS = 2000;

const isoDate = (label: string) =>
  text().refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match !== null && isValidDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }, `${label} must be a real date written as yyyy-mm-dd.`);

const pageOffset = z.coerce
  .number({ message: 'The offset must be a whole number, 0 or more.' })
  .int({ message: 'The offset must be a whole number, 0 or more.' })
  .min(0, { message: 'The offset must be a whole number, 0 or more.' })
  .max(1_000_000, { message: 'The offset is too large.' });

const optionalId = (label: string) => queryId(label).optional();

const phrase = text({ message: 'The search phrase must be text.' })
  .trim()
  .min(1, { message: 'Enter words to search for.' })
  .max(SEARCH_PHRASE_MAX_LENGTH, {
    message: `The search phrase must be at most ${SEARCH_PHRASE_MAX_LENGTH} characters.`,
  });

const RANGES = [
  ['effective_from', 'effective_to', 'Effective date'],
  ['published_from', 'published_to', 'Published date'],
  ['review_from', 'review_to', 'Review due date'],
] as const;

/** The advanced-search filters (spec §3 "Reporting filters" date ranges; words, binder or folder, owner). */
export const LibraryFilters = z.object({
  words: phrase.optional(),
  container_id: optionalId('The binder or folder'),
  owner_id: optionalId('The owner'),
  effective_from: isoDate('Effective date from').optional(),
  effective_to: isoDate('Effective date to').optional(),
  published_from: isoDate('Published date from').optional(),
  published_to: isoDate('Published date to').optional(),
  review_from: isoDate('Review due date from').optional(),
  review_to: isoDate('Review due date to').optional(),
});
export type LibraryFilters = z.infer<typeof LibraryFilters>;

/** GET o/{org}/library: the tree by default, the flat list with `list=true` (spec §7). */
export const LibraryQuery = LibraryFilters.extend({
  list: z.enum(['true', 'false'], { message: 'list must be true or false.' }).optional(),
  view: z.enum(LIBRARY_VIEWS, { message: `The view must be one of: ${LIBRARY_VIEWS.join(', ')}.` }).optional(),
  offset: pageOffset.optional(),
  limit: z.coerce
    .number({ message: `The page size must be a whole number from 1 to ${LIBRARY_MAX_PAGE_SIZE}.` })
    .int({ message: `The page size must be a whole number from 1 to ${LIBRARY_MAX_PAGE_SIZE}.` })
    .min(1, { message: `The page size must be a whole number from 1 to ${LIBRARY_MAX_PAGE_SIZE}.` })
    .max(LIBRARY_MAX_PAGE_SIZE, { message: `The page size must be a whole number from 1 to ${LIBRARY_MAX_PAGE_SIZE}.` })
    .optional(),
  sort: z.enum(LIBRARY_SORT_KEYS, { message: `Sort must be one of: ${LIBRARY_SORT_KEYS.join(', ')}.` }).optional(),
  dir: z.enum(['asc', 'desc'], { message: 'The sort direction must be asc or desc.' }).optional(),
})
  .strict()
  .superRefine((query, issue) => {
    for (const [from, to, label] of RANGES) {
      const start = query[from];
      const end = query[to];
      if (start && end && end < start) {
        issue.addIssue({ code: 'custom', path: [to], message: `${label} "to" must not be before "from".` });
      }
    }
  });
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** One run of a highlighted snippet: the words found are `highlight: true`. */
export const SnippetPart = z.object({ text: z.string(), highlight: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

/**
 * Where a P&P's Active version stands in its review cycle (product rules, "Review cycle and
 * reminders"): pending review from its reminder date, overdue after its review date.
 */
export const ReviewState = z.enum(['pending_review', 'overdue']);
export type ReviewState = z.infer<typeof ReviewState>;
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending_review: 'Pending Review',
  overdue: 'Overdue',
};

/** Library item of spec §3, with what the screens need besides (version, dates, where a search matched). */
export const LibraryItem = z.object({
  pnp_id: z.number().int(),
  name: z.string(),
  location: z.string(),
  description: z.string().nullable(),
  /** True when a filter or search is active: the tree opens down to this item. */
  expanded: z.boolean(),
  favorite: z.boolean(),
  favorite_updated_at: z.string().nullable(),
  /** When this user last opened it (null: never, or not within the window of the view). */
  recent_view: z.string().nullable(),
  published_at: z.string().nullable(),
  container_id: z.number().int(),
  version_id: z.number().int(),
  version_number: z.number().int().nullable(),
  effective_dt: z.string().nullable(),
  review_dt: z.string().nullable(),
  /** Pending review or overdue today (null: neither). */
  review_state: ReviewState.nullable(),
  /** Search only: where the words were found and a highlighted extract of the document. */
  matched_in: z.array(z.enum(['name', 'location', 'description', 'document'])).optional(),
  snippet: z.array(SnippetPart).nullable().optional(),
});
export type LibraryItem = z.infer<typeof LibraryItem>;

/**
 * Lists count their matches only this far: past it `total` is this number and `total_capped` is
 * true, and the pager says '10,000+' (a word in every document need not be counted 50,000 times).
 */
export const LIBRARY_COUNT_LIMIT = 10_000;

export const LibraryPage = z.object({
  items: z.array(LibraryItem),
  /** How many match, at most LIBRARY_COUNT_LIMIT. */
  total: z.number().int(),
  /** More than `total` match (the count stopped at LIBRARY_COUNT_LIMIT). */
  total_capped: z.boolean().optional(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type LibraryPage = z.infer<typeof LibraryPage>;

export interface LibraryTreeNode {
  id: number;
  type: 1 | 2;
  name: string;
  expanded: boolean;
  /** P&Ps in this node and below that pass the filters. */
  count: number;
  children: LibraryTreeNode[];
  items: LibraryItem[];
}
export const LibraryTreeNode: z.ZodType<LibraryTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.union([z.literal(1), z.literal(2)]),
    name: z.string(),
    expanded: z.boolean(),
    count: z.number().int(),
    children: z.array(LibraryTreeNode),
    items: z.array(LibraryItem),
  }),
);

export const LibraryTree = z.object({
  tree: z.array(LibraryTreeNode),
  /** How many match, at most LIBRARY_COUNT_LIMIT. */
  total: z.number().int(),
  /** More than `total` match (the count stopped at LIBRARY_COUNT_LIMIT). */
  total_capped: z.boolean().optional(),
  /** More P&Ps matched than the tree carries (LIBRARY_TREE_MAX_ITEMS). */
  truncated: z.boolean(),
});
export type LibraryTree = z.infer<typeof LibraryTree>;

export const LibraryResponse = z.union([LibraryPage, LibraryTree]);

/** The published file of the Active version. */
export const LibraryFile = z.object({
  name: z.string(),
  mime_type: z.string(),
  extension: z.string(),
  size_bytes: z.number().int(),
  /** How the reading view shows it: a PDF in the page, a DOCX as HTML, anything else by download. */
  preview: z.enum(['pdf', 'html', 'none']),
});
export type LibraryFile = z.infer<typeof LibraryFile>;

export const LibraryDocument = z.object({
  item: LibraryItem,
  file: LibraryFile.nullable(),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

export const FavoriteBody = z.object({ favorite: z.boolean({ message: 'favorite must be true or false.' }) }).strict();
export type FavoriteBody = z.infer<typeof FavoriteBody>;

export const FavoriteResponse = z.object({
  pnp_id: z.number().int(),
  favorite: z.boolean(),
  favorite_updated_at: z.string(),
});
export type FavoriteResponse = z.infer<typeof FavoriteResponse>;

/** POST o/{org}/content_navigator_library/search_pnp {phrase, offset} (spec §7). */
export const SearchBody = z
  .object({
    phrase,
    offset: pageOffset.default(0),
  })
  .strict();
export type SearchBody = z.infer<typeof SearchBody>;

export const FILE_ACTIONS = ['view', 'download', 'preview'] as const;
export const FileActionQuery = z
  .object({
    action_name: z
      .enum(FILE_ACTIONS, { message: `action_name must be one of: ${FILE_ACTIONS.join(', ')}.` })
      .default('view'),
  })
  .strict();

/** `action_name=preview`: the document as HTML for the reading view (DOCX), or where to get the PDF. */
export const FilePreview = z.object({
  kind: z.enum(['pdf', 'html', 'none']),
  html: z.string().nullable(),
});
export type FilePreview = z.infer<typeof FilePreview>;

/** Choices for the advanced search: binders and folders holding P&Ps the user sees, and their owners. */
export const LibraryFilterOptions = z.object({
  containers: z.array(
    z.object({ id: z.number().int(), type: z.number().int(), name: z.string(), location: z.string() }),
  ),
  owners: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type LibraryFilterOptions = z.infer<typeof LibraryFilterOptions>;

export { DEFAULT_PAGE_SIZE as LIBRARY_PAGE_SIZE };
