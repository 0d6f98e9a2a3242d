import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import type { OrgActor } from '../http/actor';
import type { Deps } from '../http/deps';
import { noWorkWhenCommitted, type OrgCtx } from '../http/routes';

export const DAY_MS = 86_400_000;

/** The demo organisation as the seed's parts act in it: its transaction and its people. */
export interface DemoScene {
  tx: Tx;
  deps: Deps;
  orgId: number;
  /** The demo users as the services see a signed-in user, by username. */
  actors: Map<string, OrgActor>;
  /** The moment the demo is seeded: every date of the demo is this many days before or after it. */
  today: Date;
}

/**
 * A request context of `username` acting `daysAgo` days before the seeding, so that the demo's
 * history is written by the product's own services, as that person, on that day.
 *
 * The services run outside any request here; they use the request only as the key under which an
 * upload's stored bytes are cleaned up if the request fails, and never touch the reply.
 */
export function actingAs(scene: DemoScene, username: string, daysAgo: number): OrgCtx {
  const actor = scene.actors.get(username);
  if (!actor) throw new Error(`The demo has no user ${username}.`);
  return {
    deps: scene.deps,
    requestId: 'demo-seed',
    ip: '127.0.0.1',
    now: new Date(scene.today.getTime() - daysAgo * DAY_MS),
    req: {} as unknown as FastifyRequest,
    reply: {} as unknown as FastifyReply,
    tx: scene.tx,
    orgId: scene.orgId,
    actor,
    whenCommitted: noWorkWhenCommitted,
  };
}

/** The demo user's id, by username. */
export function demoUserId(scene: Pick<DemoScene, 'actors'>, username: string): number {
  const actor = scene.actors.get(username);
  if (!actor) throw new Error(`The demo has no user ${username}.`);
  return actor.userId;
}
