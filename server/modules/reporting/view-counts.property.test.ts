import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createContainer, createOrg, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The stored view counts of Views by Version (migration 0029's triggers) against the log's
 * aggregate: random views (one at a time, a few and many in one statement), deleted views, changed
 * views, deleted users, versions and P&Ps, new versions, as the application's role under row-level
 * security, one transaction per step. After every step each version's stored views, unique viewers
 * and last view, and the set of who has viewed what, must equal what the log says from scratch.
 */
const RUNS = Number(process.env.VIEW_COUNTS_PROPERTY_RUNS ?? 20);
const USERS = 3;

let t: TestApp;
let orgId: number;
let containerId: number;
let userIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.deps);
  orgId = org.id;
  containerId = (await createContainer(t.deps, orgId, { name: 'Views' })).id;
  userIds = [];
  for (let i = 0; i < USERS; i++) userIds.push((await createUser(t.deps, orgId)).id);
});
afterAll(async () => t.close());

type Op =
  | { kind: 'pnp' }
  | { kind: 'version'; pnp: number; status: 1 | 2 | 3 }
  | { kind: 'view'; user: number; doc: number; noDocument: boolean; hour: number }
  | { kind: 'views'; rows: { user: number; doc: number; hour: number }[] }
  | { kind: 'deleteViews'; mod: number; rest: number }
  | { kind: 'updateView'; view: number; user: number; doc: number; hour: number }
  | { kind: 'moveViews'; from: number; to: number }
  | { kind: 'deleteUser'; user: number }
  | { kind: 'deleteVersion'; doc: number }
  | { kind: 'deletePnp'; pnp: number };

const index = fc.nat({ max: 60 });
const hour = fc.nat({ max: 200 });
const viewRow = fc.record({ user: index, doc: index, hour });
const weighted = <T>(arbitrary: fc.Arbitrary<T>, weight: number) => ({ arbitrary, weight });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  weighted(fc.record({ kind: fc.constant('pnp' as const) }), 1),
  weighted(
    fc.record({
      kind: fc.constant('version' as const),
      pnp: index,
      status: fc.constantFrom(1 as const, 2 as const, 3 as const),
    }),
    2,
  ),
  weighted(
    fc.record({ kind: fc.constant('view' as const), user: index, doc: index, noDocument: fc.boolean(), hour }),
    6,
  ),
  // A few rows in one statement, and more than 100 (the bulk path of the triggers).
  weighted(
    fc.record({ kind: fc.constant('views' as const), rows: fc.array(viewRow, { minLength: 2, maxLength: 6 }) }),
    2,
  ),
  weighted(
    fc.record({ kind: fc.constant('views' as const), rows: fc.array(viewRow, { minLength: 101, maxLength: 140 }) }),
    1,
  ),
  weighted(
    fc.record({
      kind: fc.constant('deleteViews' as const),
      mod: fc.integer({ min: 1, max: 4 }),
      rest: fc.nat({ max: 3 }),
    }),
    2,
  ),
  weighted(fc.record({ kind: fc.constant('updateView' as const), view: index, user: index, doc: index, hour }), 2),
  weighted(fc.record({ kind: fc.constant('moveViews' as const), from: index, to: index }), 1),
  weighted(fc.record({ kind: fc.constant('deleteUser' as const), user: index }), 1),
  weighted(fc.record({ kind: fc.constant('deleteVersion' as const), doc: index }), 1),
  weighted(fc.record({ kind: fc.constant('deletePnp' as const), pnp: index }), 1),
);
const scenarioArbitrary = fc
  .array(opArbitrary, { minLength: 5, maxLength: 25 })
  .map((steps): Op[] => [{ kind: 'pnp' }, { kind: 'version', pnp: 0, status: 2 }, ...steps]);

const ids = async (tx: Tx, query: SQL): Promise<number[]> =>
  (await queryRows<{ id: number }>(tx, query)).map((r) => r.id).sort((a, b) => a - b);
const pick = (list: number[], i: number): number | undefined => (list.length ? list[i % list.length] : undefined);
const at = (h: number) => new Date(Date.UTC(2026, 6, 1) + h * 3_600_000).toISOString();

/** Applies one step the way any code path might: plain SQL as the application's role. */
async function apply(tx: Tx, op: Op): Promise<void> {
  const users = await ids(tx, sql`select id from org_users where org_id = ${orgId}`);
  const pnps = await ids(tx, sql`select id from pnps where org_id = ${orgId}`);
  const docs = await queryRows<{ id: number; pnp_id: number }>(
    tx,
    sql`select id, pnp_id from pnp_documents where org_id = ${orgId} order by id`,
  );
  const doc = (i: number) => (docs.length ? docs[i % docs.length] : undefined);
  switch (op.kind) {
    case 'pnp':
      await tx.execute(sql`insert into pnps (org_id, container_id, name, status)
                           values (${orgId}, ${containerId}, ${`P${Math.random().toString(36).slice(2)}`}, 2)`);
      return;
    case 'version': {
      const pnp = pick(pnps, op.pnp);
      if (pnp === undefined) return;
      // At most one Draft and one Active per P&P: a clash is simply not inserted.
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage)
                           select ${orgId}, ${pnp}, ${op.status}, ${op.status === 1 ? 2 : null}
                            where not exists (select 1 from pnp_documents where org_id = ${orgId} and pnp_id = ${pnp}
                                                 and status = ${op.status} and status in (1, 2))`);
      return;
    }
    case 'view': {
      const user = pick(users, op.user);
      const d = doc(op.doc);
      if (user === undefined || d === undefined) return;
      await tx.execute(sql`insert into library_views (org_id, user_id, pnp_id, document_id, viewed_at)
                           values (${orgId}, ${user}, ${d.pnp_id}, ${op.noDocument ? null : d.id}, ${at(op.hour)}::timestamptz)`);
      return;
    }
    case 'views': {
      const rows = op.rows.flatMap((row) => {
        const user = pick(users, row.user);
        const d = doc(row.doc);
        return user === undefined || d === undefined
          ? []
          : [sql`(${orgId}, ${user}, ${d.pnp_id}, ${d.id}, ${at(row.hour)}::timestamptz)`];
      });
      if (rows.length === 0) return;
      await tx.execute(sql`insert into library_views (org_id, user_id, pnp_id, document_id, viewed_at)
                           values ${sql.join(rows, sql`, `)}`);
      return;
    }
    case 'deleteViews':
      await tx.execute(sql`delete from library_views where org_id = ${orgId} and id % ${op.mod} = ${op.rest % op.mod}`);
      return;
    case 'updateView': {
      const views = await ids(tx, sql`select id from library_views where org_id = ${orgId}`);
      const view = pick(views, op.view);
      const user = pick(users, op.user);
      const d = doc(op.doc);
      if (view === undefined || user === undefined || d === undefined) return;
      await tx.execute(sql`update library_views set user_id = ${user}, pnp_id = ${d.pnp_id}, document_id = ${d.id},
                                  viewed_at = ${at(op.hour)}::timestamptz
                            where org_id = ${orgId} and id = ${view}`);
      return;
    }
    case 'moveViews': {
      // Many rows of one version moved to another in one statement.
      const from = doc(op.from);
      const to = doc(op.to);
      if (from === undefined || to === undefined) return;
      await tx.execute(sql`update library_views set pnp_id = ${to.pnp_id}, document_id = ${to.id}
                            where org_id = ${orgId} and document_id = ${from.id}`);
      return;
    }
    case 'deleteUser': {
      const user = pick(users, op.user);
      if (user === undefined || users.length <= 1) return;
      await tx.execute(sql`delete from org_users where org_id = ${orgId} and id = ${user}`);
      return;
    }
    case 'deleteVersion': {
      const d = doc(op.doc);
      if (d !== undefined) await tx.execute(sql`delete from pnp_documents where org_id = ${orgId} and id = ${d.id}`);
      return;
    }
    case 'deletePnp': {
      const pnp = pick(pnps, op.pnp);
      if (pnp !== undefined) await tx.execute(sql`delete from pnps where org_id = ${orgId} and id = ${pnp}`);
      return;
    }
  }
}

async function expectStoredEqualsLog(tx: Tx, step: string): Promise<void> {
  const stored = await queryRows(
    tx,
    sql`select d.id, k.views, k.viewers, k.last_viewed_at::text as last
          from pnp_documents d
          left join pnp_document_view_counts k on k.org_id = d.org_id and k.document_id = d.id
         where d.org_id = ${orgId} order by d.id`,
  );
  const fromLog = await queryRows(
    tx,
    sql`select d.id, count(lv.id)::int as views, count(distinct lv.user_id)::int as viewers,
               max(lv.viewed_at)::text as last
          from pnp_documents d
          left join library_views lv on lv.org_id = d.org_id and lv.document_id = d.id
         where d.org_id = ${orgId} group by d.id order by d.id`,
  );
  expect(stored, `${step}: counts`).toEqual(fromLog);
  expect(
    await queryRows(
      tx,
      sql`select document_id, user_id from pnp_document_viewers where org_id = ${orgId} order by 1, 2`,
    ),
    `${step}: viewers`,
  ).toEqual(
    await queryRows(
      tx,
      sql`select distinct lv.document_id, lv.user_id from library_views lv
            join pnp_documents d on d.org_id = lv.org_id and d.id = lv.document_id
           where lv.org_id = ${orgId} order by 1, 2`,
    ),
  );
  expect(
    (
      await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pnp_document_view_counts where org_id = ${orgId}`,
      )
    )[0]!.n,
    `${step}: one counts row per version`,
  ).toBe(stored.length);
}

it('the stored view counts equal the aggregate of the views after every step', async () => {
  await fc.assert(
    fc.asyncProperty(scenarioArbitrary, async (ops) => {
      const db = t.deps.database.db;
      await withTenant(db, orgId, async (tx) => {
        await tx.execute(sql`delete from pnps where org_id = ${orgId}`);
        await tx.execute(sql`delete from library_views where org_id = ${orgId}`);
      });
      const users = await withTenant(db, orgId, (tx) => ids(tx, sql`select id from org_users where org_id = ${orgId}`));
      for (let i = users.length; i < USERS; i++) await createUser(t.deps, orgId);
      for (const [i, op] of ops.entries()) {
        // Each step in its own transaction, as each request is.
        await withTenant(db, orgId, async (tx) => {
          await apply(tx, op);
          await expectStoredEqualsLog(tx, `step ${i} ${JSON.stringify(op).slice(0, 200)}`);
        });
      }
    }),
    { numRuns: RUNS },
  );
}, 300_000);

it('counts concurrent views of one version once per viewer (PostgreSQL; PGlite runs transactions one at a time)', async () => {
  const db = t.deps.database.db;
  const [doc] = await withTenant(db, orgId, async (tx) => {
    await tx.execute(
      sql`insert into pnps (org_id, container_id, name, status) values (${orgId}, ${containerId}, 'Concurrent', 2)`,
    );
    return queryRows<{ id: number; pnp_id: number }>(
      tx,
      sql`insert into pnp_documents (org_id, pnp_id, status)
          select ${orgId}, id, 2 from pnps where org_id = ${orgId} and name = 'Concurrent' returning id, pnp_id`,
    );
  });
  const users = await withTenant(db, orgId, (tx) => ids(tx, sql`select id from org_users where org_id = ${orgId}`));
  // Twelve openings at once: each user opens the version four times.
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      withTenant(db, orgId, (tx) =>
        tx.execute(sql`insert into library_views (org_id, user_id, pnp_id, document_id)
                       values (${orgId}, ${users[i % users.length]!}, ${doc!.pnp_id}, ${doc!.id})`),
      ),
    ),
  );
  const [counts] = await withTenant(db, orgId, (tx) =>
    queryRows<{ views: number; viewers: number }>(
      tx,
      sql`select views, viewers from pnp_document_view_counts where org_id = ${orgId} and document_id = ${doc!.id}`,
    ),
  );
  expect(counts).toEqual({ views: 12, viewers: users.length });
});
