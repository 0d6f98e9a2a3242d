import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/client';
import { orgUsers } from '../db/schema/index';
import { createOrg, createUser } from '../test/factories';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import { orgRoute } from './routes';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Written into the probe's statement so pg_stat_activity shows which backend runs it. */
const MARKER = `client_gone_probe_${process.pid}`;

const TitleParams = z.object({ title: z.string() });

/** Handlers that have started and not yet ended, by title they write. */
const started = new Set<string>();

/** Requests a path over a real socket, and closes the socket as soon as `until` says so. */
async function abandon(base: string, path: string, agent: Agent, until: () => Promise<boolean>): Promise<void> {
  const cookie = Object.entries(agent.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const request = http.request(`${base}${path}`, { method: 'GET', headers: { cookie } });
  request.on('error', () => undefined);
  request.end();
  const deadline = Date.now() + 5_000;
  while (!(await until())) {
    if (Date.now() > deadline) throw new Error('the probe never started');
    await sleep(20);
  }
  request.destroy();
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

describe('a request whose client goes away before its response', () => {
  let t: TestApp;
  let base: string;
  let orgId: number;
  let userId: number;
  let agent: Agent;

  const titleOf = async (): Promise<string | null> => {
    const [row] = await t.deps.database.db.select({ title: orgUsers.title }).from(orgUsers).where(eq(orgUsers.id, userId));
    return row?.title ?? null;
  };

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes: (app, deps) => {
          // Writes, then waits in JavaScript (works on PGlite too), then answers.
          orgRoute(
            app,
            deps,
            { method: 'GET', url: '/api/o/:org/write_then_wait/:title', schema: { params: TitleParams } },
            async (ctx, { params: { title } }) => {
              await ctx.tx.update(orgUsers).set({ title }).where(eq(orgUsers.id, ctx.actor.userId));
              started.add(title);
              try {
                await sleep(title.startsWith('slow') ? 1_500 : 0);
              } finally {
                started.delete(title);
              }
              return { title };
            },
          );
          // A statement that runs for a long time (PostgreSQL only: PGlite cannot interrupt one).
          orgRoute(app, deps, { method: 'GET', url: '/api/o/:org/sleep_probe', schema: {} }, async (ctx) => {
            await ctx.tx.execute(sql.raw(`select pg_sleep(20) as ${MARKER}`));
            return { done: true };
          });
        },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    orgId = org.id;
    userId = user.id;
    agent = await t.signIn(user.username, user.password);
  });
  afterAll(async () => t.close());

  it('still commits when the client waits for the answer', async () => {
    const res = await agent.get(`/api/o/${orgId}/write_then_wait/kept`);
    expect(res.statusCode).toBe(200);
    expect(await titleOf()).toBe('kept');
  });

  it('is rolled back', async () => {
    await agent.get(`/api/o/${orgId}/write_then_wait/before`);
    await abandon(base, `/api/o/${orgId}/write_then_wait/slow-abandoned`, agent, () =>
      Promise.resolve(started.has('slow-abandoned')),
    );
    await eventually(() => Promise.resolve(!started.has('slow-abandoned')), 5_000);
    // Give the rollback its turn, then the write must not be there.
    await sleep(200);
    expect(await titleOf()).toBe('before');
  });

  it.runIf(onPostgres)('has its running statement cancelled within a few seconds', async () => {
    const running = async (): Promise<boolean> => {
      const rows = await queryRows<{ n: number }>(
        t.deps.database.db,
        sql`select count(*)::int as n from pg_stat_activity
            where query like ${`%${MARKER}%`} and state = 'active' and pid <> pg_backend_pid()`,
      );
      return (rows[0]?.n ?? 0) > 0;
    };
    await abandon(base, `/api/o/${orgId}/sleep_probe`, agent, running);
    expect(await eventually(async () => !(await running()), 3_000)).toBe(true);
    // The connection went back to the pool in a usable state: the next request works.
    const res = await agent.get(`/api/o/${orgId}/write_then_wait/after-cancel`);
    expect(res.statusCode).toBe(200);
  });
});
