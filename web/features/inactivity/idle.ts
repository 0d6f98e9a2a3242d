/** Spec §4 inactivity rule, without browser APIs: idle longer than the session timeout signs out. */
export function isIdleTooLong(now: number, lastAction: number, timeoutMinutes: number): boolean {
  if (!Number.isFinite(timeoutMinutes) || timeoutMinutes <= 0) return false;
  return now - lastAction > timeoutMinutes * 60_000;
}
