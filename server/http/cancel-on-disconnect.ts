import type { FastifyReply } from 'fastify';
import pg from 'pg';
import type { Tx } from '../db/client';

/** How long a gone request waits for its cancel request to reach PostgreSQL before it rolls back. */
const CANCEL_DELIVERY_MS = 2_000;
/** While a gone request's handler is between statements, how often it looks for the next one to cancel. */
const CANCEL_RETRY_MS = 25;

/** The transaction is rolled back because nobody is left to receive its answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the response.');
    this.name = 'ClientGoneError';
  }
}

/** The parts of node-postgres's client that a cancel request needs (pid and key from BackendKeyData). */
interface PgBackend {
  processID: number | null;
  secretKey: number | null;
  /** The statement in flight (node-postgres's own field; its public getter is deprecated). */
  _activeQuery: unknown;
  host: string;
  port: number;
}

const isPgBackend = (client: unknown): client is PgBackend =>
  client instanceof pg.Client && typeof (client as { processID?: unknown }).processID === 'number';

/**
 * The pooled connection under a drizzle transaction, when it is node-postgres's. drizzle keeps it
 * on the transaction's session, which its types do not expose; the pid and secret key are known
 * from the connection's start-up, so no statement is spent on them.
 */
function backendOf(tx: Tx): PgBackend | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return isPgBackend(client) ? client : null;
}

interface CancelConnection extends NodeJS.EventEmitter {
  /** A TCP port and host, or a Unix socket's path alone. */
  connect(portOrPath: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
}

/**
 * Sends PostgreSQL's cancel request for the backend's running statement on a separate short
 * connection (the protocol's own cancel, the way node-postgres's Client#cancel does it): no pool
 * slot is needed, so it works even when every pooled connection is busy. Resolves once PostgreSQL
 * has closed that connection, that is after it signalled the backend.
 */
function sendCancel(backend: PgBackend): Promise<void> {
  const { processID, secretKey } = backend;
  if (processID === null || secretKey === null) return Promise.resolve();
  return new Promise((resolve) => {
    const canceller = new pg.Client({ host: backend.host, port: backend.port });
    const connection = (canceller as unknown as { connection: CancelConnection }).connection;
    const timer = setTimeout(resolve, CANCEL_DELIVERY_MS);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    connection.once('end', done);
    connection.once('error', done);
    connection.once('connect', () => connection.cancel(processID, secretKey));
    if (backend.host.startsWith('/')) connection.connect(`${backend.host}/.s.PGSQL.${backend.port}`);
    else connection.connect(backend.port, backend.host);
  });
}

/**
 * Runs a route's handler inside its transaction and, when the client goes away before the response,
 * cancels the statement running for it and rolls the transaction back (issue 11: a burst of
 * abandoned requests left queries running for a minute). A statement is only ever cancelled while
 * this transaction holds its connection, and the transaction does not end (so the connection does
 * not go back to the pool) before a cancel sent for it has been delivered: a late signal can then
 * only reach an idle backend, which ignores it.
 *
 * PGlite runs inside this process and a statement cannot be interrupted: there the handler runs to
 * its end, and the transaction is still rolled back when nobody is left to receive the answer.
 */
export async function runUnlessClientGone<T>(reply: FastifyReply, tx: Tx, handler: () => Promise<T>): Promise<T> {
  const response = reply.raw;
  if (response.destroyed) throw new ClientGoneError();
  const backend = backendOf(tx);
  let gone = false;
  let open = true;
  let delivered: Promise<void> = Promise.resolve();
  let cancelled: unknown = null;
  let retry: NodeJS.Timeout | null = null;
  const cancelRunning = (): void => {
    const running = backend?._activeQuery;
    if (!open || !backend || !running || running === cancelled) return;
    cancelled = running;
    delivered = delivered.then(() => sendCancel(backend));
  };
  const onClose = (): void => {
    if (response.writableFinished) return;
    gone = true;
    cancelRunning();
    // Between two statements there is nothing to cancel yet: catch the next one.
    if (backend) retry = setInterval(cancelRunning, CANCEL_RETRY_MS);
  };
  response.once('close', onClose);
  try {
    const result = await handler();
    if (gone) throw new ClientGoneError();
    return result;
  } catch (error) {
    throw gone ? new ClientGoneError() : error;
  } finally {
    open = false;
    if (retry) clearInterval(retry);
    response.removeListener('close', onClose);
    await delivered;
  }
}
