/**
 * Names in a message, when the list behind them may be longer than what is shown: 'A, B, C', or
 * 'A, B, C and 47 more' when `total` says there are more. A message that names what blocks an action
 * must never read as the whole list when it is not.
 */
export function namesWithMore(names: readonly string[], total: number): string {
  const listed = names.join(', ');
  const more = total - names.length;
  return more > 0 ? `${listed} and ${more} more` : listed;
}
