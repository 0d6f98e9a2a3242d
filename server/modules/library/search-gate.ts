import type { FastifyRequest, onResponseHookHandler, onSendHookHandler } from 'fastify';
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

/** A route's hooks of one kind as a list (Fastify takes one function or an array). */
function hookList<H>(hooks: H | H[] | undefined): H[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

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

  const take = async (req: FastifyRequest): Promise<void> => {
    if (!gated.get(req.routeOptions.url ?? '')?.(req.query)) return;
    try {
      held.set(req, await gate.acquire());
    } catch (error) {
      if (error instanceof QueryGateBusyError) throw new AppError(503, [error.message]);
      throw error;
    }
  };
  const giveBackOnSend: onSendHookHandler = (req, _reply, payload, done) => {
    release(req);
    done(null, payload);
  };
  const giveBackOnResponse: onResponseHookHandler = (req, _reply, done) => {
    release(req);
    done();
  };

  // The hooks go on the gated routes alone (registered after this call): hooks of the whole
  // application would run on every request of every route, for two routes' sake.
  // preHandler: after the caller is known and the input validated, before the handler's transaction.
  app.addHook('onRoute', (route) => {
    if (!gated.has(route.url)) return;
    route.preHandler = [...hookList(route.preHandler), take];
    route.onSend = [...hookList(route.onSend), giveBackOnSend];
    route.onResponse = [...hookList(route.onResponse), giveBackOnResponse];
  });
  return gate;
}
