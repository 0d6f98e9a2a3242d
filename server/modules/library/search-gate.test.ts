import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createQueryGate, QueryGateMessages } from '../../platform/query-gate';
import { gateSearches } from './search-gate';

/** A promise the test settles by hand: a search that "runs" until the test says so. */
function pending() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('searches behind the query gate', () => {
  it('lets one run at a time here, refuses the next with a 503 sentence after its wait, and frees the slot', async () => {
    const app = Fastify();
    const gate = createQueryGate({ slots: 1, maxWaitMs: 50 });
    gateSearches(app, ['/search', { url: '/list', when: (q) => Boolean((q as { words?: string }).words) }], gate);
    const running = pending();
    let calls = 0;
    app.post('/search', async () => {
      calls++;
      if (calls === 1) await running.promise;
      return { ok: true };
    });
    app.get('/list', () => ({ ok: true }));
    await app.ready();

    const first = app.inject({ method: 'POST', url: '/search' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gate.stats().running).toBe(1);

    const refused = await app.inject({ method: 'POST', url: '/search' });
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toContain(QueryGateMessages.busy);
    // A list without words is not a search: never held up.
    expect((await app.inject({ method: 'GET', url: '/list' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/list?words=x' })).statusCode).toBe(503);

    running.settle();
    expect((await first).statusCode).toBe(200);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
    expect((await app.inject({ method: 'POST', url: '/search' })).statusCode).toBe(200);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
    await app.close();
  });
});
