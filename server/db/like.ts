/**
 * A LIKE / ILIKE pattern that finds `search` anywhere in a text, its \, % and _ taken as plain
 * characters (PostgreSQL's default escape character is the backslash).
 */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A "contains" pattern for a text whose fields stand on lines of their own (a trigram-indexed
 * `a || E'\n' || b`): the search's line breaks become spaces, so it matches within one field, as a
 * condition on each field would.
 */
export const oneLineContainsPattern = (search: string): string => containsPattern(search.replace(/[\r\n]+/g, ' '));
