/**
 * A LIKE / ILIKE pattern that finds `search` anywhere in a text, its \, % and _ taken as plain
 * characters (PostgreSQL's default escape character is the backslash).
 */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
