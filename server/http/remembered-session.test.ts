import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../shared/api/errors';
import { orgUsers } from '../db/schema/index';
import { withSystem, withTenant } from '../db/tenant';
import { deleteSession, hashToken, SESSION_CHANGED, sessionUnchangedCheck } from '../modules/auth/sessions.repo';
import { createOrg, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { sessionMemoryOf } from './actor-cache';

// An organisation route's read starts from the session as this process last read it, and the check
// that it is unchanged travels with the read's transaction (actor-cache.ts): nothing the database
// says about the session may be overruled by what the process remembers, in either direction.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const setAdmin = (userId: number, isAdmin: boolean) =>
  withSystem(t.deps.database.db, (tx) => tx.update(orgUsers).set({ isAdmin }).where(eq(orgUsers.id, userId)));

async function signedIn(isAdmin: boolean) {
  const org = await createOrg(t.deps);
  const user = await createUser(t.deps, org.id, { isAdmin });
  const agent = await t.signIn(user.username, user.password);
  return { org, user, agent, groups: `/api/o/${org.id}/user_groups` };
}

describe('a remembered session', () => {
  it("serves an organisation route's second read without a lookup of its own", async () => {
    const { agent, groups } = await signedIn(true);
    const memory = sessionMemoryOf(t.app);
    expect((await agent.get(groups)).statusCode).toBe(200);
    const before = memory.uses;
    expect((await agent.get(groups)).statusCode).toBe(200);
    expect(memory.uses).toBe(before + 1);
  });

  it('is refused on the very next read once the session has ended elsewhere', async () => {
    const { agent, groups } = await signedIn(true);
    expect((await agent.get(groups)).statusCode).toBe(200);
    // Signed out through another process: the row is gone, this process still remembers it.
    await deleteSession(t.deps.database.db, hashToken(agent.cookies[SESSION_COOKIE]!));
    const res = await agent.get(groups);
    expect(res.statusCode).toBe(401);
  });

  it('is refused on the very next read once its user is no longer an org admin', async () => {
    const { agent, user, groups } = await signedIn(true);
    expect((await agent.get(groups)).statusCode).toBe(200);
    await setAdmin(user.id, false);
    expect((await agent.get(groups)).statusCode).toBe(403);
  });

  it('lets its user in on the very next read once they are made an org admin', async () => {
    const { agent, user, groups } = await signedIn(false);
    expect((await agent.get(groups)).statusCode).toBe(403);
    await setAdmin(user.id, true);
    expect((await agent.get(groups)).statusCode).toBe(200);
  });

  it('serves a search, a POST that only reads, without a lookup of its own', async () => {
    const { agent, org, groups } = await signedIn(false);
    const memory = sessionMemoryOf(t.app);
    expect((await agent.get(groups)).statusCode).toBe(403);
    for (const url of ['content_navigator_library/search_pnp', 'content_navigator_library/search_pnp_template']) {
      const before = memory.uses;
      const res = await agent.post(`/api/o/${org.id}/${url}`, { phrase: 'hygiene', offset: 0 });
      expect(res.statusCode, url).toBe(200);
      expect(memory.uses, url).toBe(before + 1);
    }
  });

  it('refuses a search on the very next request once the session has ended elsewhere', async () => {
    const { agent, org, groups } = await signedIn(false);
    expect((await agent.get(groups)).statusCode).toBe(403);
    await deleteSession(t.deps.database.db, hashToken(agent.cookies[SESSION_COOKIE]!));
    const res = await agent.post(`/api/o/${org.id}/content_navigator_library/search_pnp`, {
      phrase: 'hygiene',
      offset: 0,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a refusal decided after its check passed once, without reading the session again', async () => {
    const { agent, org, groups } = await signedIn(false);
    const memory = sessionMemoryOf(t.app);
    expect((await agent.get(groups)).statusCode).toBe(403);
    const before = { uses: memory.uses, forgotten: memory.forgotten };
    // No such P&P: decided in the transaction, after the check that the session is unchanged.
    const res = await agent.get(`/api/o/${org.id}/library/999999999`);
    expect(res.statusCode).toBe(404);
    expect(memory.uses).toBe(before.uses + 1);
    expect(memory.forgotten).toBe(before.forgotten);
  });

  it('decides a refusal made before its check again from a fresh lookup', async () => {
    const { agent, groups } = await signedIn(false);
    const memory = sessionMemoryOf(t.app);
    expect((await agent.get(groups)).statusCode).toBe(403);
    const forgotten = memory.forgotten;
    // Not an org admin: refused by the guard, before any transaction, then decided afresh.
    expect((await agent.get(groups)).statusCode).toBe(403);
    expect(memory.forgotten).toBe(forgotten + 1);
  });

  it('never serves a write', async () => {
    const { agent, org, groups } = await signedIn(true);
    const memory = sessionMemoryOf(t.app);
    expect((await agent.get(groups)).statusCode).toBe(200);
    const before = memory.uses;
    const created = await agent.post(`/api/o/${org.id}/user_groups`, { group: { name: `Remembered ${org.id}` } });
    expect(created.statusCode).toBeLessThan(300);
    expect(memory.uses).toBe(before);
  });
});

describe("the check of a remembered session in a read's transaction", () => {
  const stale = sessionUnchangedCheck('0'.repeat(64), {}, '0'.repeat(32));
  /** The SQLSTATE of a failure, whether the driver's error or drizzle's around it carries it. */
  const sqlStateOf = async (work: Promise<unknown>): Promise<unknown> => {
    const error = (await work.then(
      () => null,
      (failure: unknown) => failure,
    )) as { code?: unknown; cause?: { code?: unknown } } | null;
    return error?.code ?? error?.cause?.code ?? null;
  };

  it('fails the transaction before its first statement runs', async () => {
    const org = await createOrg(t.deps);
    let ran = false;
    const read = withTenant(
      t.deps.database.db,
      org.id,
      async (tx) => {
        await tx.execute(`select 1`);
        ran = true;
      },
      stale,
    );
    expect(await sqlStateOf(read)).toBe(SESSION_CHANGED);
    expect(ran).toBe(false);
  });

  it('runs even when the transaction makes no query', async () => {
    const org = await createOrg(t.deps);
    expect(await sqlStateOf(withTenant(t.deps.database.db, org.id, () => Promise.resolve('answered'), stale))).toBe(
      SESSION_CHANGED,
    );
  });

  it('admits nothing but a session id, a digest and a time into its text', () => {
    expect(() => sessionUnchangedCheck("x' or true --", {}, '0'.repeat(32))).toThrow();
    expect(() => sessionUnchangedCheck('0'.repeat(64), {}, "'; drop table sessions; --")).toThrow();
  });
});
