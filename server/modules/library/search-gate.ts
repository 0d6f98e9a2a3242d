import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { App } from '../../http/routes';
import { createQueryGate, QueryGateBusyError, type QueryGate, type ReleaseSlot } from '../../platform/query-gate';

/**
 * Searches are the library's expensive statements: at most SEARCH_SLOTS of them run at once in this
 * process, the others wait up to SEARCH_WAIT_MS and are then refused with a 503 and a sentence.
 * The slot is taken before the route opens its transaction (a waiting search holds no database
 * connection) and given back once the answer is on its way (or the request failed).
 */
export const SEARCH_SLOTS = 2;
export const SEARCH_WAIT_MS = 2_000;

/** A gated route: its URL pattern, and (optionally) which of its requests are expensive. */
export type GatedRoute = string | { url: string; when: (query: unknown) => boolean };

export function gateSearches(
  app: App,
  routes: GatedRoute[],
  gate: QueryGate = createQueryGate({ slots: SEARCH_SLOTS, maxWaitMs: SEARCH_WAIT_MS }),
): QueryGate {
  const gated = new Map(routes.map((r) => (typeof r === 'string' ? [r, () => true] : [r.url, r.when])));
  const held = new WeakMap<FastifyRequest, ReleaseSlot>();
  const release = (req: FastifyRequest): void => {
    held.get(req)?.();
    held.delete(req);
  };

  // preHandler: after the caller is known and the input validated, before the handler's transaction.
  app.addHook('preHandler', async (req) => {
    const when = gated.get(req.routeOptions.url ?? '');
    if (!when?.(req.query)) return;
    try {
      held.set(req, await gate.acquire());
    } catch (error) {
      if (error instanceof QueryGateBusyError) throw new AppError(503, [error.message]);
      throw error;
    }
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    release(req);
    done(null, payload);
  });
  app.addHook('onResponse', (req, _reply, done) => {
    release(req);
    done();
  });
  return gate;
}
