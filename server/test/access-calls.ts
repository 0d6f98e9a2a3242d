import type { LightMyRequestResponse } from 'fastify';
import type { Agent } from './harness';

/**
 * The access editor's changes as the screen makes them (PUT access/{id}, POST
 * access/{id}/reset_to_parent): each sends the participants_version of the participants it read,
 * and one made from participants someone else has changed since is refused (409).
 */

/** A version no node's participants have: what a caller who may not read the node can send. */
export const UNREAD_PARTICIPANTS_VERSION = '0'.repeat(64);

const ACCESS_CHANGE_URL = /^(\/api\/o\/\d+\/access)\/(\d+)(?:\/reset_to_parent)?$/;

/** A change's body without its participants_version. */
export type AccessChange = { object_type: number } & Record<string, unknown>;

/**
 * The participants_version `agent` reads now for the node a change url names (`/api/o/{org}/access/{id}`
 * or `.../reset_to_parent`); UNREAD_PARTICIPANTS_VERSION when the agent may not read it (401, 404):
 * such a change is refused before its version counts.
 */
export async function participantsVersionSeenBy(agent: Agent, url: string, objectType: number): Promise<string> {
  const match = ACCESS_CHANGE_URL.exec(url);
  if (!match) throw new Error(`Not an access change url: ${url}`);
  const read = await agent.get(`${match[1]}/fetch_participants?object_type=${objectType}&object_id=${match[2]}`);
  if (read.statusCode !== 200) return UNREAD_PARTICIPANTS_VERSION;
  return read.json<{ participants_version: string }>().participants_version;
}

/** PUT access/{id} from the participants `agent` has just read. */
export async function putAccess(agent: Agent, url: string, body: AccessChange): Promise<LightMyRequestResponse> {
  return agent.put(url, {
    ...body,
    participants_version: await participantsVersionSeenBy(agent, url, body.object_type),
  });
}

/** POST access/{id}/reset_to_parent from the participants `agent` has just read. */
export async function resetAccess(agent: Agent, url: string, body: AccessChange): Promise<LightMyRequestResponse> {
  return agent.post(url, {
    ...body,
    participants_version: await participantsVersionSeenBy(agent, url, body.object_type),
  });
}
