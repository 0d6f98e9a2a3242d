import { countText } from '../../../lib/format';

/**
 * How a library list says how many P&Ps match. The server counts only up to LIBRARY_COUNT_LIMIT
 * (and a search keeps only its best candidates): past that it sends `total_capped`, and the number
 * shown is what can be paged through, followed by '+' ('10,000+').
 */
export function matchCount(total: number, capped: boolean | undefined): string {
  return countText(total, capped);
}

/** The results page's subtitle: '3 P&Ps match “hygiene”', '1 P&P matches …', '10,000+ P&Ps match …'. */
export function matchSentence(total: number, capped: boolean | undefined, what: string): string {
  const verb = total === 1 && !capped ? 'P&P matches' : 'P&Ps match';
  return `${matchCount(total, capped)} ${verb} ${what}`;
}
