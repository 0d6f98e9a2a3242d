/**
 * Tables of organisations (issue 14): none of its own. The organisation's location is a column of
 * `organizations` (platform.ts) and the templates it may use are `org_templates` (content.ts).
 */
export {};
