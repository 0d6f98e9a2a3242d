import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { containers } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { createOrg, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { orgRoute } from './routes';

let t: TestApp;
/** What the probes' work after the commit did: their names, and what another transaction then saw. */
const afterCommitRan: string[] = [];
const seenAfterCommit: Array<Promise<number>> = [];
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes: (app, deps) => {
        // Writes a row, then fails: the request's one transaction must leave nothing behind.
        orgRoute(
          app,
          deps,
          {
            method: 'POST',
            url: '/api/o/:org/failing_probe',
            schema: { body: z.object({ name: z.string() }).strict() },
          },
          async (ctx, { body }) => {
            await ctx.tx.insert(containers).values({ orgId: ctx.orgId, type: 1, name: body.name });
            ctx.whenCommitted(() => afterCommitRan.push(body.name));
            throw new Error('boom after writing');
          },
        );
        // Writes a row and asks for work after its commit, which looks for the row from outside.
        orgRoute(
          app,
          deps,
          {
            method: 'POST',
            url: '/api/o/:org/committing_probe',
            schema: { body: z.object({ name: z.string() }).strict() },
          },
          async (ctx, { body }) => {
            await ctx.tx.insert(containers).values({ orgId: ctx.orgId, type: 1, name: body.name });
            ctx.whenCommitted(() => {
              afterCommitRan.push(body.name);
              seenAfterCommit.push(
                withSystem(
                  deps.database.db,
                  async (tx) => (await tx.select().from(containers).where(eq(containers.name, body.name))).length,
                ),
              );
            });
            return { ok: true };
          },
        );
      },
    },
  );
});
afterAll(async () => t.close());

it('a request that fails half-way writes nothing and reveals nothing internal', async () => {
  const org = await createOrg(t.deps);
  const user = await createUser(t.deps, org.id);
  const agent = await t.signIn(user.username, user.password);
  const res = await agent.post(`/api/o/${org.id}/failing_probe`, { name: 'half-written' });
  expect(res.statusCode).toBe(500);
  expect(res.json().errors).toEqual(['An unexpected error has occurred. Please try again later.']);
  expect(res.body).not.toMatch(/boom/);
  expect(res.json().request_id).toBe(res.headers['x-request-id']);
  const rows = await withSystem(t.deps.database.db, (tx) =>
    tx.select().from(containers).where(eq(containers.name, 'half-written')),
  );
  expect(rows).toEqual([]);
  expect(afterCommitRan).not.toContain('half-written');
});

it("a route's work after the commit runs once it has committed, and never for one rolled back", async () => {
  const org = await createOrg(t.deps);
  const user = await createUser(t.deps, org.id);
  const agent = await t.signIn(user.username, user.password);
  const res = await agent.post(`/api/o/${org.id}/committing_probe`, { name: 'committed-then-woken' });
  expect(res.statusCode).toBe(200);
  expect(afterCommitRan).toEqual(['committed-then-woken']);
  expect(await Promise.all(seenAfterCommit)).toEqual([1]);
  expect((await agent.post(`/api/o/${org.id}/failing_probe`, { name: 'rolled-back' })).statusCode).toBe(500);
  expect(afterCommitRan).toEqual(['committed-then-woken']);
});

it('ids that are not ids are refused clearly', async () => {
  const org = await createOrg(t.deps);
  const user = await createUser(t.deps, org.id);
  const agent = await t.signIn(user.username, user.password);
  const res = await agent.put('/api/self/notifications/abc', { status: 2 });
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual(['The id must be a positive whole number.']);
  const other = await agent.get('/api/o/not-a-number/anything');
  expect(other.statusCode).toBe(404);
});
