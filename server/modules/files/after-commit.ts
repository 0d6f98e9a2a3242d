import type { App } from '../../http/routes';

const DEFERRED = Symbol('after-commit');

/** An answer that is computed once the route's transaction has ended. */
export interface AfterCommit {
  readonly [DEFERRED]: () => Promise<unknown>;
}

/**
 * Returns from a route handler an answer to finish after its transaction has committed: work that
 * waits on a parser worker (a version compare can take seconds) must not hold a transaction open,
 * since on PGlite an open transaction stalls every other request.
 */
export const afterCommit = (work: () => Promise<unknown>): AfterCommit => ({ [DEFERRED]: work });

const isAfterCommit = (payload: unknown): payload is AfterCommit =>
  typeof payload === 'object' && payload !== null && DEFERRED in payload;

/** Finishes deferred answers of the scope's routes just before they are serialised. */
export function registerAfterCommit(scope: App): void {
  scope.addHook('preSerialization', async (_req, _reply, payload) =>
    isAfterCommit(payload) ? payload[DEFERRED]() : payload,
  );
}
