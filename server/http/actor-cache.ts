import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor';

/**
 * What a process remembers of the sessions it read, so that an organisation route's read needs no
 * session lookup of its own: the lookup was a round trip before the route's transaction, a quarter
 * of a list's time at one connection (docs/performance.md, "The session read with the transaction").
 *
 * Remembering never decides anything alone. A read that starts from a remembered session carries a
 * check in its transaction's first batch, before the organisation's settings and the route's first
 * statement: the session's lookup is read again there and compared with what was remembered
 * (`sessionUnchangedCheck`, migration 0054). If anything the lookup reads changed (the session
 * ended, the user's role, the organisation's status, a delegation...), the check raises, PostgreSQL
 * skips the rest of the batch, and the route starts again from a fresh lookup
 * (routes.ts, `orgRoute`). A refusal decided from a remembered session (401, 403, 404) before its
 * check passed is decided again from a fresh lookup too, so remembering can neither let a request
 * through nor keep one out; one decided after the check passed (a P&P that does not exist) was
 * decided with the session as the database has it, and stands.
 *
 * Only the reads of organisation routes remember (GET; a write's body may be a stream that cannot
 * be read twice), and only while the lookup would neither end the session nor touch its last_seen_at
 * (a minute): what it remembers is then exactly what a fresh lookup would decide with.
 */
export interface RememberedSession {
  actor: Actor;
  csrfToken: string;
  /** MD5 of the lookup's text. */
  seen: string;
  /** Milliseconds since the epoch until which the lookup would neither end nor touch the session. */
  usableUntil: number;
}

/** On a request that started from a remembered session: its check, and how to forget it. */
export interface RememberedUse {
  check: string;
  forget: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the actor is a remembered one: its check must travel with the route's transaction. */
    rememberedSession: RememberedUse | null;
  }
}

/** Sessions a process remembers at most; past it the oldest are forgotten first. */
export const MAX_REMEMBERED_SESSIONS = 10_000;

export class SessionMemory {
  private readonly entries = new Map<string, RememberedSession>();
  /** Requests that started from a remembered session (tests read it). */
  uses = 0;
  /** Remembered sessions forgotten to be read afresh (tests read it). */
  forgotten = 0;

  constructor(private readonly capacity = MAX_REMEMBERED_SESSIONS) {}

  recall(key: string, now: number): RememberedSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (now > entry.usableUntil) {
      this.entries.delete(key);
      return null;
    }
    this.uses += 1;
    return entry;
  }

  remember(key: string, entry: RememberedSession): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(key: string): void {
    this.forgotten += 1;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The reads that may start from a remembered session: an organisation route's GET, or its POST that
 * only reads (`onlyReads`, a search). A write never does: it reads the session afresh.
 */
export function mayStartFromMemory(req: FastifyRequest): boolean {
  const { access, onlyReads } = req.routeOptions.config;
  return access === 'org' && (req.method === 'GET' || (req.method === 'POST' && onlyReads === true));
}

const memories = new WeakMap<object, SessionMemory>();

/** The memory of an application's sessions (one per application; its tests read `uses`). */
export function sessionMemoryOf(app: object): SessionMemory {
  let memory = memories.get(app);
  if (!memory) {
    memory = new SessionMemory();
    memories.set(app, memory);
  }
  return memory;
}
