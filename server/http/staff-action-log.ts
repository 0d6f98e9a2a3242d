import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { staffActionLogs } from '../db/schema/index';
import type { StaffActor } from './actor';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The path and query values that say what was acted on (ids, org ids), as text. */
function targetOf(req: FastifyRequest): Record<string, string> {
  const target: Record<string, string> = {};
  for (const source of [req.params, req.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        target[key] = String(value).slice(0, 255);
    }
  }
  return target;
}

/**
 * The names of the fields sent, one level into a wrapping object (`{org: {...}}` gives
 * org.name, org.status): what changed, without the values, which may be passwords or secrets.
 */
function fieldsOf(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const fields: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const inner of Object.keys(value)) fields.push(`${key}.${inner}`);
    else fields.push(key);
  }
  return fields.slice(0, 100);
}

/**
 * Every change a provider staff user makes is written in the transaction of the change itself
 * (issue 14: a mistake here reaches every tenant, so each staff action is logged). Reads are not,
 * unless the route says the read is itself an action (`audited`, e.g. a login-as link).
 */
export async function recordStaffAction(
  tx: Tx,
  actor: StaffActor,
  req: FastifyRequest,
  evenIfRead: boolean,
): Promise<void> {
  if (READS.has(req.method) && !evenIfRead) return;
  await tx.insert(staffActionLogs).values({
    hstmUserId: actor.staffId,
    staffName: actor.name,
    staffEmail: actor.email,
    method: req.method,
    route: req.routeOptions.url ?? req.url.split('?')[0]!,
    path: req.url.slice(0, 1024),
    target: targetOf(req),
    fields: fieldsOf(req.body),
    ip: req.ip,
  });
}
