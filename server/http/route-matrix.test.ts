import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/client';
import { APP_ROLE, withTenant } from '../db/tenant';
import { createOrg, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { createOrgAObjects } from '../test/org-a-fixture';
import { runRouteMatrix } from '../test/route-matrix';
import { IdParam, orgRoute } from './routes';

describe('route matrix: no organisation reaches another', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('every organisation route refuses org A ids to org B users (admin and ordinary) and changes nothing', async () => {
    const orgA = await createOrg(t.deps);
    const orgB = await createOrg(t.deps);
    const a = await createOrgAObjects(t.deps, orgA);
    for (const isAdmin of [true, false]) {
      const userB = await createUser(t.deps, orgB.id, { isAdmin });
      const agent = await t.signIn(userB.username, userB.password);
      const { violations, checked } = await runRouteMatrix(t, orgA, orgB, a, agent);
      expect(violations).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    }
  }, 120_000);
});

/**
 * The same walk with row-level security off: the org conditions of the repositories are then the
 * only wall, so removing one from a query makes this test fail even though row-level security
 * alone would have hidden the leak.
 */
describe('route matrix without row-level security: the repositories alone keep organisations apart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { rowLevelSecurity: false });
  });
  afterAll(async () => t.close());

  it('every organisation route refuses org A ids to an org B admin and changes nothing', async () => {
    const orgA = await createOrg(t.deps);
    const orgB = await createOrg(t.deps);
    const rows = await withTenant(t.deps.database.db, orgB.id, (tx) =>
      queryRows<{ role: string }>(tx, sql`select current_user as role`),
    );
    expect(rows[0]!.role).not.toBe(APP_ROLE);
    const a = await createOrgAObjects(t.deps, orgA);
    const userB = await createUser(t.deps, orgB.id, { isAdmin: true });
    const agent = await t.signIn(userB.username, userB.password);
    const { violations, checked } = await runRouteMatrix(t, orgA, orgB, a, agent);
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  }, 120_000);
});

describe('route matrix catches a route that forgets its org scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes: (app, deps) => {
          // Deliberately wrong: drops the application role (so row-level security no longer
          // applies) and reads by id alone, without the org filter.
          orgRoute(
            app,
            deps,
            {
              method: 'GET',
              url: '/api/o/:org/unscoped_probe/containers/:id',
              schema: { params: z.object({ id: IdParam }) },
            },
            async (ctx, { params }) => {
              await ctx.tx.execute(sql`reset role`);
              return queryRows(ctx.tx, sql`select id, name from containers where id = ${params.id}`);
            },
          );
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('reports the leak', async () => {
    const orgA = await createOrg(t.deps);
    const orgB = await createOrg(t.deps);
    const a = await createOrgAObjects(t.deps, orgA);
    const userB = await createUser(t.deps, orgB.id);
    const agent = await t.signIn(userB.username, userB.password);
    const { violations } = await runRouteMatrix(t, orgA, orgB, a, agent);
    expect(violations).toContainEqual(
      expect.objectContaining({
        url: '/api/o/:org/unscoped_probe/containers/:id',
        reason: "the response carries org A's data",
      }),
    );
  }, 120_000);
});
