export { formatDisplayDate, formatMessageDateTime, formatSortDate } from '../../shared/domain/dates';

/** Spec §9: cuts a string to `length` characters and appends an ellipsis when it was longer. */
export function truncate(text: string | null | undefined, length: number): string {
  if (!text) return '';
  if (length <= 0) return '';
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * A count as the screens write it: '1,234', or '10,000+' when the server stopped counting there
 * (`total_capped`, `truncated`) and more exist.
 */
export function countText(total: number, capped: boolean | undefined): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** "1 item" / "3 items", for counts in headings and footers. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
