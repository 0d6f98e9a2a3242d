import { formatDisplayDate } from '../../../lib/format';

export const FILTER_LABELS: Record<string, string> = {
  words: 'Words',
  container_id: 'Binder or folder',
  owner_id: 'Owner',
  effective_from: 'Effective from',
  effective_to: 'Effective to',
  published_from: 'Published from',
  published_to: 'Published to',
  review_from: 'Review due from',
  review_to: 'Review due to',
};

const DATE_KEYS: ReadonlySet<string> = new Set([
  'effective_from',
  'effective_to',
  'published_from',
  'published_to',
  'review_from',
  'review_to',
]);

/**
 * The text of one advanced-search chip: the filter's label and its value as the user knows it.
 * Dates are shown as every other date in the application, 'MMM dd, yyyy' (spec §9), not as the
 * address's yyyy-mm-dd; one that is not a real date is shown as it was given. `name` is the
 * binder's or owner's name for an id filter, null until it is known (the chip then names the
 * filter alone).
 */
export function filterChipText(key: string, value: unknown, name: string | null): string {
  const label = FILTER_LABELS[key] ?? key;
  if (key === 'container_id' || key === 'owner_id') return name === null ? label : `${label}: ${name}`;
  const text = String(value);
  const shown = DATE_KEYS.has(key) ? formatDisplayDate(text) || text : text;
  return `${label}: ${shown}`;
}
