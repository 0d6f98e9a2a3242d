import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../shared/api/primitives';
import type { Tx } from '../db/client';
import { isFailureAfterCheck, withSystem, withTenant } from '../db/tenant';
import type { Actor, OrgActor, StaffActor } from './actor';
import { runUnlessClientGone } from './cancel-on-disconnect';
import type { Deps } from './deps';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import { recordStaffAction, rememberBodyAsSent } from './staff-action-log';
import { SESSION_CHANGED } from '../modules/auth/sessions.repo';
import { loadActor } from './session-context';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type AnyObject = z.ZodObject;

export interface RouteSchema {
  params?: AnyObject;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export interface Input<S extends RouteSchema> {
  params: Out<S['params']>;
  query: Out<S['querystring']>;
  body: Out<S['body']>;
}

interface BaseCtx {
  deps: Deps;
  requestId: string;
  ip: string;
  now: Date;
  req: FastifyRequest;
  reply: FastifyReply;
}
/**
 * Work to do once the request's transaction has committed, never when it rolls back (waking a
 * background job for the work the request queued). Not to be confused with the files module's
 * `afterCommit`, an answer computed after the transaction.
 */
export type WhenCommitted = (run: () => void) => void;

/**
 * For a context outside a route's own transaction (a permission gate, a sign-in's group mapping,
 * the demo seed): nothing there may wait for a commit it does not control, so asking is a bug.
 */
export const noWorkWhenCommitted: WhenCommitted = () => {
  throw new Error('Work after the commit is not available here: this context has no request transaction.');
};

export interface OrgCtx extends BaseCtx {
  tx: Tx;
  orgId: number;
  actor: OrgActor;
  whenCommitted: WhenCommitted;
}
export interface StaffCtx extends BaseCtx {
  tx: Tx;
  actor: StaffActor;
  whenCommitted: WhenCommitted;
}
export interface PublicCtx extends BaseCtx {
  actor: Actor | null;
}

/** How a route is reached: the route matrix test reads this to know what to expect. */
export type Access = 'public' | 'org' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    adminOnly?: boolean;
    permission?: number | null;
    /**
     * The route shows the session's details or decides on binder/folder ownership (reports): its
     * session lookup also reads that ownership, in the same statement.
     */
    readsContainerOwnership?: boolean;
    /** The route lists tasks: its session lookup also reads the caller's delegation (`actor.delegation`). */
    readsDelegators?: boolean;
    /** A POST that only reads (a search, its words in a body): it may start from a remembered session, as a GET does. */
    onlyReads?: boolean;
  }
}

interface RouteDef<S extends RouteSchema> {
  method: Method;
  url: string;
  schema: S;
  summary?: string;
  /** Org routes: only org admins (403 for others). */
  adminOnly?: boolean;
  /** Staff routes: the staff permission number required (spec §6). */
  permission?: number;
  /** Staff routes: record this call in the staff action log even though it reads (e.g. a login-as link). */
  audited?: boolean;
  /** Body size limit in bytes, for routes that take larger bodies. */
  bodyLimit?: number;
  /** Requests allowed per client address per minute (sign-in). */
  rateLimitPerMinute?: number;
  /** Public routes that answer with the session (GET sessions, sign-in): see FastifyContextConfig. */
  describesSession?: boolean;
  /**
   * Org routes open only to org admins and binder or folder owners (reports): the session lookup
   * reads ownership (`actor.containerOwner`), so deciding costs no statement of its own.
   */
  readsContainerOwnership?: boolean;
  /**
   * Org routes that list the caller's tasks: the session lookup reads whose delegate the user is now
   * and whether they hold lapsed copies (`actor.delegation`), so the list needs no statement for it.
   */
  readsDelegators?: boolean;
  /**
   * Org routes: a POST that changes nothing (a search whose words travel in its body). Like an
   * organisation route's GET, it may start from a remembered session (actor-cache.ts).
   */
  onlyReads?: boolean;
}

/** A positive database id in a path or query; anything else is a clear 422. */
export const IdParam = queryId();

const OrgParams = z.object({ org: IdParam });

function baseCtx(deps: Deps, req: FastifyRequest, reply: FastifyReply): BaseCtx {
  return { deps, requestId: req.id, ip: req.ip, now: deps.clock.now(), req, reply };
}

function tag(url: string): string {
  const segments = url.split('/').filter((s) => s && !s.startsWith(':') && s !== 'o');
  return segments[0] ?? 'root';
}

/**
 * The transactions of route handlers that committed: for a request whose transaction ran more than
 * once, only the run that committed. What a handler did outside the database follows its own run's
 * outcome by asking (the bytes an upload wrote to the file store: files/upload-intake.ts).
 */
const committedTransactions = new WeakSet<Tx>();

/** Whether `tx`, the transaction of one run of a route's handler, has committed. */
export const hasCommitted = (tx: Tx): boolean => committedTransactions.has(tx);

/**
 * What a route's handler asked to run after its commit: run once the transaction has ended well. A
 * failure there is logged, not answered: what the request changed has committed.
 */
function whenCommittedList(): {
  add: WhenCommitted;
  startRun: (tx: Tx) => void;
  run: (req: FastifyRequest) => void;
} {
  // Most requests ask for nothing: the list exists only once something is added.
  let pending: Array<() => void> | null = null;
  let running: Tx | null = null;
  return {
    add: (work) => {
      (pending ??= []).push(work);
    },
    // A transaction run again (its connection was found dead at its opening, server/db/tenant.ts)
    // starts its handler afresh: what the first run asked for is dropped, so it is not done twice,
    // and the run that commits is the last one started.
    startRun: (tx) => {
      pending = null;
      running = tx;
    },
    run: (req) => {
      if (running) committedTransactions.add(running);
      if (!pending) return;
      const works = pending;
      pending = null;
      for (const work of works) {
        try {
          work();
        } catch (error) {
          req.log.warn({ err: error }, 'work after the commit failed');
        }
      }
    },
  };
}

async function send(reply: FastifyReply, result: unknown): Promise<unknown> {
  if (reply.sent) return reply;
  if (result === undefined) return reply.code(204).send();
  return result;
}

function register<S extends RouteSchema>(
  app: App,
  access: Access,
  def: RouteDef<S>,
  schema: RouteSchema,
  guard: (req: FastifyRequest) => unknown,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: { ...schema, tags: [tag(def.url)], ...(def.summary ? { summary: def.summary } : {}) },
    config: {
      access,
      adminOnly: def.adminOnly ?? false,
      permission: def.permission ?? null,
      readsContainerOwnership: (def.describesSession ?? false) || (def.readsContainerOwnership ?? false),
      readsDelegators: def.readsDelegators ?? false,
      onlyReads: def.onlyReads ?? false,
      ...(def.rateLimitPerMinute ? { rateLimit: { max: def.rateLimitPerMinute, timeWindow: 60_000 } } : {}),
    },
    // Who may call is decided before the body is read or validated: a stranger learns nothing,
    // not even which fields a route expects.
    preValidation: async (req) => {
      await guard(req);
      // Validation replaces the body with its parsed value (defaults filled in); the staff action
      // log names the fields as they were sent.
      rememberBodyAsSent(req);
    },
    handler,
  });
}

const inputOf = <S extends RouteSchema>(req: FastifyRequest): Input<S> =>
  ({ params: req.params, query: req.query, body: req.body }) as Input<S>;

/**
 * An organisation route: a signed-in org user, the `{org}` of the path equal to the session's org
 * (else 404), and the whole handler in one transaction under row-level security.
 */
export function orgRoute<S extends RouteSchema>(
  app: App,
  deps: Deps,
  def: RouteDef<S>,
  handler: (ctx: OrgCtx, input: Input<S>) => Promise<unknown>,
): void {
  const hasOrg = def.url.includes(':org');
  const params = hasOrg ? (def.schema.params ?? z.object({})).extend(OrgParams.shape) : def.schema.params;
  const guard = (req: FastifyRequest): OrgActor => {
    const actor = req.actor;
    if (!actor) throw unauthorized();
    if (actor.kind !== 'org') throw forbidden('This is available to organization users only.');
    if (hasOrg && String((req.params as { org: unknown }).org) !== String(actor.orgId))
      throw notFound('The organization');
    if (def.adminOnly && !actor.isAdmin) throw forbidden('Only organization administrators can do this.');
    return actor;
  };
  // A refusal decided from a remembered session is decided again from a fresh lookup (actor-cache.ts).
  const guardFresh = async (req: FastifyRequest): Promise<void> => {
    try {
      guard(req);
    } catch (error) {
      if (!req.rememberedSession) throw error;
      await readSessionAgain(req, deps);
      guard(req);
    }
  };
  register(app, 'org', def, { ...def.schema, ...(params ? { params } : {}) }, guardFresh, async (req, reply) => {
    const attempt = async (): Promise<unknown> => {
      const actor = guard(req);
      const committed = whenCommittedList();
      const result = await withTenant(
        deps.database.db,
        actor.orgId,
        (tx) => {
          committed.startRun(tx);
          return runUnlessClientGone(reply, tx, () =>
            handler(
              { ...baseCtx(deps, req, reply), tx, orgId: actor.orgId, actor, whenCommitted: committed.add },
              inputOf<S>(req),
            ),
          );
        },
        req.rememberedSession?.check,
      );
      committed.run(req);
      return result;
    };
    let result: unknown;
    try {
      result = await attempt();
    } catch (error) {
      // Started from a remembered session: the check that it is unchanged failed, or a refusal was
      // decided with it; tried once more from a fresh lookup. Only reads start so, and a read's
      // transaction has ended without a trace when it failed. Other failures (a statement's timeout)
      // are answered as they are, not paid twice.
      if (!req.rememberedSession || reply.sent || !decidedBySession(error)) throw error;
      await readSessionAgain(req, deps);
      result = await attempt();
    }
    return send(reply, result);
  });
}

/**
 * A failure a changed session explains: its check's SQLSTATE (raw or under drizzle's error), or a
 * refusal decided before the check ran. A refusal decided after it passed (a P&P that does not
 * exist) was decided with the session as the database has it: answered once, not paid twice.
 */
function decidedBySession(error: unknown): boolean {
  if (error instanceof AppError)
    return (
      (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 404) && !isFailureAfterCheck(error)
    );
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failure?.code === SESSION_CHANGED || failure?.cause?.code === SESSION_CHANGED;
}

/** Forgets the remembered session of `req` and reads it afresh. */
async function readSessionAgain(req: FastifyRequest, deps: Deps): Promise<void> {
  req.rememberedSession?.forget();
  await loadActor(req, deps);
}

/** A provider-staff route (hstm/...), optionally requiring one staff permission. */
export function staffRoute<S extends RouteSchema>(
  app: App,
  deps: Deps,
  def: RouteDef<S>,
  handler: (ctx: StaffCtx, input: Input<S>) => Promise<unknown>,
): void {
  const guard = (req: FastifyRequest): StaffActor => {
    const actor = req.actor;
    if (!actor) throw unauthorized();
    if (actor.kind !== 'staff') throw forbidden('This is available to provider staff only.');
    if (def.permission !== undefined && !actor.permissions.includes(def.permission)) {
      throw forbidden('You do not have the staff permission this needs.');
    }
    return actor;
  };
  register(app, 'staff', def, def.schema, guard, async (req, reply) => {
    const actor = guard(req);
    const committed = whenCommittedList();
    const result = await withSystem(deps.database.db, (tx) => {
      committed.startRun(tx);
      return runUnlessClientGone(reply, tx, async () => {
        const answer = await handler(
          { ...baseCtx(deps, req, reply), tx, actor, whenCommitted: committed.add },
          inputOf<S>(req),
        );
        await recordStaffAction(tx, actor, req, {
          evenIfRead: def.audited ?? false,
          // A 201 answer is the row the call created: its id says what was acted on.
          created: reply.statusCode === 201 ? answer : undefined,
        });
        return answer;
      });
    });
    committed.run(req);
    return send(reply, result);
  });
}

/** A route anyone may call (sign-in, session, version); the handler decides what the actor sees. */
export function publicRoute<S extends RouteSchema>(
  app: App,
  deps: Deps,
  def: RouteDef<S>,
  handler: (ctx: PublicCtx, input: Input<S>) => Promise<unknown>,
): void {
  register(
    app,
    'public',
    def,
    def.schema,
    () => undefined,
    async (req, reply) => {
      const result = await handler({ ...baseCtx(deps, req, reply), actor: req.actor }, inputOf<S>(req));
      return send(reply, result);
    },
  );
}
