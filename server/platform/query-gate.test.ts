import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryGate, QueryGateBusyError, QueryGateMessages } from './query-gate';

/** A promise the test settles by hand: work that is "running" until the test says so. */
function pending<T = void>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('query gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at most `slots` at once; the next in line starts when one ends, first come first served', async () => {
    const gate = createQueryGate({ slots: 2, maxWaitMs: 1_000 });
    const works = [pending(), pending(), pending(), pending()];
    const started: number[] = [];
    const runs = works.map((work, index) =>
      gate.run(async () => {
        started.push(index);
        await work.promise;
        return index;
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2 });

    works[1]!.settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 1 });

    works[0]!.settle();
    works[2]!.settle();
    works[3]!.settle();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with a sentence one that waits longer than maxWaitMs, and forgets it', async () => {
    const gate = createQueryGate({ slots: 1, maxWaitMs: 500 });
    const first = pending();
    const running = gate.run(() => first.promise);
    const late = gate.acquire();
    const refused = expect(late).rejects.toThrow(QueryGateBusyError);
    await vi.advanceTimersByTimeAsync(499);
    expect(gate.stats()).toEqual({ running: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    await refused;
    await expect(late).rejects.toThrow(QueryGateMessages.busy);
    expect(gate.stats()).toEqual({ running: 1, waiting: 0 });

    first.settle();
    await running;
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the slot back when the work fails, and a second release does nothing', async () => {
    const gate = createQueryGate({ slots: 1, maxWaitMs: 100 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const release = await gate.acquire();
    release();
    release();
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
    const again = await gate.acquire();
    expect(gate.stats()).toEqual({ running: 1, waiting: 0 });
    again();
  });
});
