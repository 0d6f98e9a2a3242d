/**
 * The loading indicator's counter (spec §2): concurrent loads are counted, the indicator is on while
 * the count is above zero, and the count never goes below zero (a stray stop cannot hide a later load).
 */
export function startLoad(count: number): number {
  return count + 1;
}

export function stopLoad(count: number): number {
  return Math.max(0, count - 1);
}

export function isLoading(count: number): boolean {
  return count > 0;
}
