/** The one source of "now", so tests can move time instead of waiting for it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

/** Today's date in UTC as 'yyyy-mm-dd' (the application timezone is UTC, spec §9). */
export const utcDate = (date: Date): string => date.toISOString().slice(0, 10);
