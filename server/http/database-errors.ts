/**
 * Database failures that are not the application's fault, each answered with a sentence instead
 * of a 500. Drizzle wraps the driver's error in `cause`, so the whole chain is inspected.
 */
export const DatabaseMessages = {
  unavailable: 'The database is unavailable right now. Please try again in a moment.',
  tooSlow: 'The database took too long to answer. Please try again in a moment.',
  unstorable:
    'The request contains a value that cannot be stored (a control character, or a number or a date out of range).',
  conflict: 'Another change reached the same records at the same moment, so nothing was saved. Please try again.',
  duplicate:
    'Another change saved the same name or address at the same moment, so nothing was saved. Please try again.',
} as const;

export type DatabaseFailure = { status: 503 | 422 | 409; message: string };

/**
 * Connection-class SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, the server's
 * idle-session timeout, class 08.
 */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '57P05']);
/** Socket errors of the driver when the server went away or refused us. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];
/**
 * Values the schemas should already refuse, checked again here so that a field a schema missed is
 * still a 422: NUL in text (22021, 22P05), an integer out of range (22003), text that is not a
 * number (22P02), a string longer than its column (22001), a date it cannot store or read: year 0,
 * which JavaScript's dates have and PostgreSQL's do not (22008), and JavaScript's year 10000,
 * '+010000-01-01T…', which PostgreSQL reads as a bad date (22007) or a time zone out of range (22009).
 */
const UNSTORABLE_CODES = new Set(['22021', '22P05', '22003', '22P02', '22001', '22008', '22007', '22009']);
/**
 * A deadlock (40P01) or a serialization failure (40001): PostgreSQL rolled this transaction back
 * because of another one running at the same moment (two writers meeting on the same rows, the
 * reporting tallies' rows among them). Nothing of it was kept, so trying again is safe.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);
/**
 * A unique index refusing a row (23505) that the application checked for first: every form that
 * saves a unique value (a username, an e-mail, a group's or a binder's name) looks for a holder and
 * refuses with its own sentence, but two requests saving the same value at the same moment both
 * pass the check, and the second to commit meets the index. Nothing of it was kept; sent again, the
 * check sees the first and answers with its sentence. A 409, not a 500: the request was right when
 * it was checked, and another one got there first.
 */
const DUPLICATE_CODE = '23505';
/**
 * The unique indexes of values a form checks before saving. Only these: any other unique index
 * (one open task per user, one draft per P&P, a grant once) guards a rule the application keeps by
 * itself, and meeting it is a bug that must stay a 500 in the logs, not a "try again".
 */
const FORM_CHECKED_UNIQUE_INDEXES = new Set([
  'org_users_username_key',
  'org_users_org_email_key',
  'hstm_users_username_key',
  'hstm_users_email_key',
  'user_groups_org_name_key',
  'organizations_tenant_key',
  'sso_group_mappings_value_key',
]);
/** statement_timeout (57014 query_canceled) and lock_timeout (55P03). */
const TIMEOUT_CODES = new Set(['57014', '55P03']);

function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) {
      return { status: 503, message: DatabaseMessages.unavailable };
    }
    if (CONNECTION_MESSAGES.some((m) => message.includes(m)))
      return { status: 503, message: DatabaseMessages.unavailable };
    if (TIMEOUT_CODES.has(code)) return { status: 503, message: DatabaseMessages.tooSlow };
    if (CONFLICT_CODES.has(code)) return { status: 503, message: DatabaseMessages.conflict };
    if (UNSTORABLE_CODES.has(code)) return { status: 422, message: DatabaseMessages.unstorable };
    const constraint =
      typeof (link as { constraint?: unknown }).constraint === 'string'
        ? (link as { constraint: string }).constraint
        : '';
    if (code === DUPLICATE_CODE && FORM_CHECKED_UNIQUE_INDEXES.has(constraint))
      return { status: 409, message: DatabaseMessages.duplicate };
  }
  return null;
}
