/**
 * At most `slots` expensive operations (searches) run at once in this process; the others wait in
 * line, first come first served, for at most `maxWaitMs`. A burst of searches then costs the
 * database `slots` queries at a time instead of one per connection, and leaves the rest of the pool
 * and of the machine to every other request. One that cannot get a slot in time is refused with a
 * sentence rather than left to pile up.
 */

export const QueryGateMessages = {
  busy: 'Too many searches are running right now. Please try again in a moment.',
} as const;

/** Thrown when no slot frees up in time; the caller answers 503 with its message. */
export class QueryGateBusyError extends Error {
  constructor() {
    super(QueryGateMessages.busy);
    this.name = 'QueryGateBusyError';
  }
}

export interface QueryGateOptions {
  /** How many may run at once (at least 1). */
  slots: number;
  /** How long one may wait for a slot before it is refused. */
  maxWaitMs: number;
}

/** Gives the slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

interface Waiter {
  grant: (release: ReleaseSlot) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface QueryGate {
  /** Waits for a slot; rejects with QueryGateBusyError after `maxWaitMs`. */
  acquire(): Promise<ReleaseSlot>;
  /** Runs `work` in a slot and gives the slot back however it ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running and waiting, for tests and logs. */
  stats(): { running: number; waiting: number };
}

export function createQueryGate(options: QueryGateOptions): QueryGate {
  const slots = Math.max(1, Math.floor(options.slots));
  let running = 0;
  const waiting: Waiter[] = [];

  const releaser = (): ReleaseSlot => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) {
        // The slot passes straight to the next in line: `running` does not change.
        clearTimeout(next.timer);
        next.grant(releaser());
      } else {
        running--;
      }
    };
  };

  const acquire = (): Promise<ReleaseSlot> => {
    if (running < slots) {
      running++;
      return Promise.resolve(releaser());
    }
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(new QueryGateBusyError());
        }, options.maxWaitMs),
      };
      waiting.push(waiter);
    });
  };

  return {
    acquire,
    async run<T>(work: () => Promise<T>): Promise<T> {
      const release = await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
