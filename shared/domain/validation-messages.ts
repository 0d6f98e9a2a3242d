/**
 * The sentence for a field that fails spec §5's 'name' or 'generic' pattern (no angle brackets).
 * The spec attaches no message to its patterns, so the product writes this one once: every form
 * and the API say the same thing about the same rule, e.g. 'Name must not contain < or >.'.
 */
export const noAngleBrackets = (field: string): string => `${field} must not contain < or >.`;
