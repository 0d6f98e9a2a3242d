import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { staffActionLogs } from '../db/schema/index';
import type { StaffActor } from './actor';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The longest text kept of one target value or one field name. */
const TEXT_MAX = 255;
const FIELDS_MAX = 100;
/**
 * A key naming rows of ours: `id`, `org_id`, `user_id`, `template_ids`. Only whole numbers are
 * taken under it: an Azure `tenant_id` or `client_id` is text, a setting's value, not a row acted on.
 */
const ROW_ID_KEY = /^(?:id|.+_id)s?$/;

/**
 * The body as the client sent it, kept before validation: validation puts the parsed value in its
 * place, with the schema's defaults filled in (an organisation's status and session timeout), and
 * the log would list fields the staff user never sent.
 */
const bodiesAsSent = new WeakMap<FastifyRequest, unknown>();

/** Called before a route's body is validated (routes.ts, `register`). */
export function rememberBodyAsSent(req: FastifyRequest): void {
  bodiesAsSent.set(req, req.body);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isRowId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A row id or a list of them as text, or null when `value` is neither. */
function rowIdsText(value: unknown): string | null {
  if (isRowId(value)) return String(value);
  if (Array.isArray(value) && value.length > 0 && value.every(isRowId)) return value.join(',').slice(0, TEXT_MAX);
  return null;
}

/**
 * The row ids of a body or an answer, one level into a wrapping object (`{user: {org_id: 5}}`
 * gives user.org_id), named as `fieldsOf` names fields.
 */
function rowIdsOf(value: unknown, keep: (key: string) => boolean): Record<string, string> {
  const ids: Record<string, string> = {};
  if (!isPlainObject(value)) return ids;
  const take = (name: string, key: string, item: unknown): void => {
    const text = keep(key) ? rowIdsText(item) : null;
    if (text !== null) ids[name.slice(0, TEXT_MAX)] = text;
  };
  for (const [key, item] of Object.entries(value)) {
    if (isPlainObject(item))
      for (const [inner, innerItem] of Object.entries(item)) take(`${key}.${inner}`, inner, innerItem);
    else take(key, key, item);
  }
  return ids;
}

/** The path and query values (ids, org ids), as text. */
function pathAndQueryOf(req: FastifyRequest): Record<string, string> {
  const target: Record<string, string> = {};
  for (const source of [req.params, req.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        target[key] = String(value).slice(0, TEXT_MAX);
    }
  }
  return target;
}

/**
 * The names of the fields sent, one level into a wrapping object (`{org: {...}}` gives
 * org.name, org.status): what changed, without the values, which may be passwords or secrets.
 */
function fieldsOf(body: unknown): string[] {
  if (!isPlainObject(body)) return [];
  const fields: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (fields.length >= FIELDS_MAX) break;
    if (isPlainObject(value)) for (const inner of Object.keys(value)) fields.push(`${key}.${inner}`.slice(0, TEXT_MAX));
    else fields.push(key.slice(0, TEXT_MAX));
  }
  return fields.slice(0, FIELDS_MAX);
}

export interface StaffActionOutcome {
  /** Record the call even though its method reads: the route says the read is itself an action. */
  evenIfRead?: boolean;
  /** The answer of a call that created a row (201): the row's id joins the target, as the answer names it. */
  created?: unknown;
  /** What the call acted on that neither its path, its query nor its body names. */
  alsoActedOn?: Record<string, number>;
}

/**
 * Every change a provider staff user makes is written in the transaction of the change itself
 * (issue 14: a mistake here reaches every tenant, so each staff action is logged). Reads are not,
 * unless the route says the read is itself an action (`audited`, e.g. a login-as link).
 *
 * The target says what was acted on: the ids of the path and query, the row ids of the body
 * (`user.org_id` of a user created in that organisation), the id of a created row (`org.id`), and
 * what the caller adds (the organisation of a user signed in as). `fields` are the names the client
 * sent.
 */
export async function recordStaffAction(
  tx: Tx,
  actor: StaffActor,
  req: FastifyRequest,
  outcome: StaffActionOutcome = {},
): Promise<void> {
  if (READS.has(req.method) && !outcome.evenIfRead) return;
  const alsoActedOn = Object.fromEntries(
    Object.entries(outcome.alsoActedOn ?? {}).map(([key, id]) => [key, String(id)]),
  );
  await tx.insert(staffActionLogs).values({
    hstmUserId: actor.staffId,
    staffName: actor.name,
    staffEmail: actor.email,
    method: req.method,
    route: req.routeOptions.url ?? req.url.split('?')[0]!,
    path: req.url.slice(0, 1024),
    target: {
      // The validated body: its ids as the handler read them (an id sent as text is a number there).
      ...rowIdsOf(req.body, (key) => ROW_ID_KEY.test(key)),
      ...rowIdsOf(outcome.created, (key) => key === 'id'),
      ...alsoActedOn,
      // The path and query come last: what the URL names is what the call acted on.
      ...pathAndQueryOf(req),
    },
    fields: fieldsOf(bodiesAsSent.get(req)),
    ip: req.ip,
  });
}
