import { describe, expect, it } from 'vitest';
import { classifyDatabaseError, DatabaseMessages } from './database-errors';
import { classifyMultipartError, MultipartMessages } from './multipart-errors';

/** A driver error as node-postgres raises it, wrapped the way Drizzle wraps it. */
const wrapped = (fields: { code?: string; message?: string; constraint?: string }) =>
  Object.assign(new Error('Failed query: select 1'), {
    cause: Object.assign(new Error(fields.message ?? 'driver error'), fields),
  });

describe('database errors', () => {
  it.each(['57P01', '57P02', '57P03', '57P05', '08006', '08003', 'ECONNREFUSED', 'ECONNRESET'])(
    '%s is 503 unavailable',
    (code) => {
      expect(classifyDatabaseError(wrapped({ code }))).toEqual({ status: 503, message: DatabaseMessages.unavailable });
    },
  );

  it('a connection terminated under a query is 503 unavailable', () => {
    expect(classifyDatabaseError(wrapped({ message: 'Connection terminated unexpectedly' }))?.status).toBe(503);
  });

  it('a statement timeout is 503 with its own sentence', () => {
    expect(classifyDatabaseError(wrapped({ code: '57014' }))).toEqual({
      status: 503,
      message: DatabaseMessages.tooSlow,
    });
  });

  it.each(['40P01', '40001'])('%s (a deadlock or a serialization failure) is 503: nothing kept, try again', (code) => {
    expect(classifyDatabaseError(wrapped({ code }))).toEqual({ status: 503, message: DatabaseMessages.conflict });
  });

  it.each(['22021', '22P05', '22003', '22008', '22007', '22009'])(
    '%s (a value the database cannot store) is 422',
    (code) => {
      expect(classifyDatabaseError(wrapped({ code }))?.status).toBe(422);
    },
  );

  it('23505 (a unique index meeting a value saved at the same moment) is 409: nothing kept, try again', () => {
    expect(classifyDatabaseError(wrapped({ code: '23505', constraint: 'org_users_username_key' }))).toEqual({
      status: 409,
      message: DatabaseMessages.duplicate,
    });
  });

  it('23505 of an index no form checks (one open task, one draft) stays on the 500 path: it is a bug', () => {
    expect(classifyDatabaseError(wrapped({ code: '23505', constraint: 'tasks_one_open' }))).toBeNull();
    expect(classifyDatabaseError(wrapped({ code: '23505' }))).toBeNull();
  });

  it('anything else is left to the 500 path', () => {
    expect(classifyDatabaseError(wrapped({ code: '42P01' }))).toBeNull();
    expect(classifyDatabaseError(new Error('boom'))).toBeNull();
  });
});

describe('multipart errors', () => {
  it('a missing boundary or a body cut short is 422; too many parts 413', () => {
    expect(classifyMultipartError(new Error('Multipart: Boundary not found'))).toEqual({
      status: 422,
      message: MultipartMessages.malformed,
    });
    expect(classifyMultipartError(new Error('Unexpected end of multipart data'))?.status).toBe(422);
    expect(classifyMultipartError(Object.assign(new Error('x'), { code: 'FST_PARTS_LIMIT' }))?.status).toBe(413);
    expect(classifyMultipartError(new Error('boom'))).toBeNull();
  });
});
