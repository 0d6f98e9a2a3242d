import { describe, expect, it } from 'vitest';
import { cpuBetween, microsecondsEach, type CpuReading } from './cpu-time';

const reading = (app: number | null, database: Array<[number, number]> | null): CpuReading => ({
  app,
  database: database === null ? null : new Map(database),
});

describe('the CPU a load cost, between two readings', () => {
  it('adds what each database process alive at the end used since the start, all of it for a new one', () => {
    const spent = cpuBetween(
      reading(10, [
        [100, 5],
        [101, 2],
      ]),
      reading(12.5, [
        [100, 6],
        [101, 2.5],
        [102, 0.25],
      ]),
    );
    expect(spent.app).toBeCloseTo(2.5);
    expect(spent.database).toBeCloseTo(1.75);
  });

  it('does not take a backend that ended meanwhile away from the others', () => {
    // Backend 101 had used 40 s before the load and is gone at its end: the others' 1.5 s stand.
    const spent = cpuBetween(
      reading(0, [
        [100, 5],
        [101, 40],
      ]),
      reading(1, [
        [100, 6],
        [102, 0.5],
      ]),
    );
    expect(spent.database).toBeCloseTo(1.5);
  });

  it('knows nothing of a database that is not on this machine, and divides by the responses', () => {
    expect(cpuBetween(reading(1, null), reading(2, null))).toEqual({ app: 1, database: null });
    expect(microsecondsEach(0.5, 1000)).toBeCloseTo(500);
    expect(microsecondsEach(null, 1000)).toBeNull();
    expect(microsecondsEach(1, 0)).toBeNull();
  });
});
