import type pg from 'pg';

/**
 * A pooled connection can be dead before its holder sends anything: PostgreSQL ended its backend
 * (pg_terminate_backend, a restart, a failover, an idle-session timeout) or something on the way
 * dropped it, and the pool has not read so yet (it learns it from the socket, asynchronously). The
 * transaction's first round trip then fails although nothing of the request was done. This module
 * decides when such a transaction may run again, once, on a connection opened after the loss
 * (server/db/tenant.ts), and what the round trip must show for that to be safe.
 */

/** SQLSTATEs of a connection the server ended: admin shutdown, crash shutdown, idle-session timeout. */
const ENDED_CODES = new Set(['57P01', '57P02', '57P05']);
/** Socket errors of a connection that is gone (a reset, a write to a closed socket, a dead peer). */
const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** The driver's own words when it writes nothing: the connection was already known lost or closed. */
const NEVER_SENT_MESSAGES = [
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
/** The driver's words for a socket that ended: 'Connection terminated' and '... unexpectedly'. */
const ENDED_MESSAGE = 'Connection terminated';

interface DriverError {
  code?: unknown;
  message?: unknown;
  severity?: unknown;
}

const fieldsOf = (error: unknown): DriverError => (typeof error === 'object' && error !== null ? error : {});

const wasNeverSent = (error: unknown): boolean => {
  const { message } = fieldsOf(error);
  return typeof message === 'string' && NEVER_SENT_MESSAGES.includes(message);
};

/** Whether `error` (the driver's, not wrapped) says the connection is gone, not that a statement failed. */
export function isLostConnection(error: unknown): boolean {
  const { code, message } = fieldsOf(error);
  if (typeof code === 'string' && (ENDED_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) {
    return true;
  }
  return typeof message === 'string' && (message.startsWith(ENDED_MESSAGE) || wasNeverSent(error));
}

/**
 * The server's own message that it ends the connection (an ErrorResponse of severity FATAL or
 * PANIC). It comes after the answers of everything the server did before, on the same stream: when
 * it is the first answer to a round trip, the server did none of it.
 */
const isServersFarewell = (error: unknown): boolean => {
  const { severity } = fieldsOf(error);
  return severity === 'FATAL' || severity === 'PANIC';
};

/** What is known of the round trip that carried a transaction's opening (its BEGIN and settings). */
export interface OpeningRoundTrip {
  /** The transaction's first statement went in the same round trip (it has parameters). */
  carriedStatement: boolean;
  /** The server answered that it completed at least one command of it (the BEGIN first). */
  completedAny: boolean;
  /** The transaction's COMMIT went in it too (the first statement was also its last). */
  carriedCommit: boolean;
}

/**
 * Whether a transaction whose opening round trip failed with `error` can have done nothing: the
 * connection was lost, and either the round trip held no statement of the transaction's own (only
 * its BEGIN and settings), or the driver never sent it, or the server completed none of it. In that
 * last case, when the server's own farewell came first it did nothing at all; when the socket
 * failed instead (a reset, no word from the server), whatever the server may have begun ended,
 * uncommitted, with the connection, unless the round trip carried the COMMIT: whether that ran is
 * then unknown, and the transaction is not run again (it could be a write done twice).
 *
 * A round trip the server had begun answering is never run again: the connection may have ended
 * because of its statement (a runaway query an administrator terminated).
 */
export function openingDidNothing(error: unknown, roundTrip: OpeningRoundTrip): boolean {
  if (!isLostConnection(error)) return false;
  if (!roundTrip.carriedStatement || wasNeverSent(error)) return true;
  if (roundTrip.completedAny) return false;
  return !roundTrip.carriedCommit || isServersFarewell(error);
}

/** Connections whose transaction's opening round trip failed having done nothing (openingDidNothing). */
const lostOpenings = new WeakSet<object>();

/** Records the failure of the round trip that carried a transaction's opening on `client`. */
export function noteOpeningFailure(
  client: pg.PoolClient | pg.Client,
  error: unknown,
  roundTrip: OpeningRoundTrip,
): void {
  if (openingDidNothing(error, roundTrip)) lostOpenings.add(client);
}

/** Whether the transaction on `client` lost its connection at its opening having done nothing; forgets it. */
export function takeLostOpening(client: pg.PoolClient | pg.Client): boolean {
  return lostOpenings.delete(client);
}

/** The order in which this process opened its connections, by connection. */
const openingOrder = new WeakMap<object, number>();
let connectionsOpened = 0;

/** Numbers every new connection of `pool` in the order of opening (for connectOpenedFromNow). */
export function trackConnectionOpenings(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    connectionsOpened += 1;
    openingOrder.set(client, connectionsOpened);
  });
}

/**
 * A connection from `pool` opened after this call. A connection opened before may be as dead as
 * the one just lost (a restart or a failover ends them all, and the pool notices each one only when
 * it reads its socket), so every older one the pool hands out is closed instead, and the pool opens
 * a new one in its place. It ends: the older connections are finite and a closed one is not handed
 * out again. A pool whose openings are not tracked gets the first connection it hands out.
 */
export async function connectOpenedFromNow(pool: pg.Pool): Promise<pg.PoolClient> {
  const openedBefore = connectionsOpened;
  for (;;) {
    const client = await pool.connect();
    const order = openingOrder.get(client);
    if (order === undefined || order > openedBefore) return client;
    client.release(new Error('Closed: opened before a lost connection was seen, it may be lost as well.'));
  }
}
