import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrg, createUser, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

// Every argon2 verification is counted, so the test sees the dummy check of an unknown name run.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      verifications.count++;
      return original.verify(...args);
    },
  };
});

let t: TestApp;
let org: TestOrg;
const MAX_FAILURES = 3;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: MAX_FAILURES, loginLockMinutes: 15 });
  org = await createOrg(t.deps);
});
afterAll(async () => t.close());

const attempt = (login: string, password = 'wrong-pass-1') =>
  t.anonymous().post('/api/auth/developer/login', { credentials: { login, password } });

describe('an unknown username cannot be told from a known one', () => {
  it('answers an unknown name and a wrong password with the same status and body', async () => {
    const user = await createUser(t.deps, org.id);
    const known = await attempt(user.username);
    const unknown = await attempt(`nobody.${user.username}`);
    expect(unknown.statusCode).toBe(known.statusCode);
    const strip = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });
    expect(strip(unknown.json())).toEqual(strip(known.json()));
    expect(known.statusCode).toBe(401);
  });

  it('runs a full password verification for an unknown name', async () => {
    const before = verifications.count;
    expect((await attempt('no.such.user.anywhere')).statusCode).toBe(401);
    expect(verifications.count).toBe(before + 1);
  });

  it('locks an unknown name after the same number of failures as a known one, with the same answer', async () => {
    const user = await createUser(t.deps, org.id);
    const name = `ghost.${user.username}`;
    const knownStatuses: number[] = [];
    const unknownStatuses: number[] = [];
    const bodies: Array<[unknown, unknown]> = [];
    for (let i = 0; i < MAX_FAILURES + 1; i++) {
      const known = await attempt(user.username);
      const unknown = await attempt(name);
      knownStatuses.push(known.statusCode);
      unknownStatuses.push(unknown.statusCode);
      bodies.push([known.json().errors, unknown.json().errors]);
    }
    expect(knownStatuses).toEqual([401, 401, 423, 423]);
    expect(unknownStatuses).toEqual(knownStatuses);
    for (const [known, unknown] of bodies) expect(unknown).toEqual(known);
    t.clock.advance(16 * 60_000);
    expect((await attempt(name)).statusCode).toBe(401);
  }, 30_000);
});
