import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createContainer, createOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The dashboard's tallies (migration 0030's triggers) against a count from scratch: random P&Ps
 * (one at a time and more than 100 in one statement), versions, changes of a version's status, stage,
 * review date and publication, of a P&P's status, container and own participants, of a folder's
 * participants (its P&Ps change access source), deleted versions and P&Ps, as the application's role
 * under row-level security, one transaction per step. After every step the tallies must equal, per
 * figure, bucket and access source, what the P&Ps and versions say.
 */
const RUNS = Number(process.env.TALLIES_PROPERTY_RUNS ?? 20);

let t: TestApp;
let orgId: number;
/** Binder that overrides, its folder (inherits), a binder that inherits (no source), a folder of the second binder. */
let containerIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t.deps)).id;
  const owned = await createContainer(t.deps, orgId, { name: 'Owned', inheritsAccess: false });
  const folder = await createContainer(t.deps, orgId, { name: 'Folder', parentId: owned.id });
  const open = await createContainer(t.deps, orgId, { name: 'Open' });
  const other = await createContainer(t.deps, orgId, { name: 'Other', inheritsAccess: false });
  const inner = await createContainer(t.deps, orgId, { name: 'Inner', parentId: other.id });
  containerIds = [owned.id, folder.id, open.id, other.id, inner.id];
});
afterAll(async () => t.close());

type Op =
  | { kind: 'pnp'; container: number; status: 1 | 2 | 3; own: boolean }
  | { kind: 'pnps'; count: number; status: 1 | 2 | 3 }
  | { kind: 'version'; pnp: number; status: 1 | 2 | 3; stage: number; review: number | null; published: number | null }
  | { kind: 'versions'; status: 1 | 2 | 3; review: number }
  | {
      kind: 'updateVersion';
      doc: number;
      status: 1 | 2 | 3;
      stage: number;
      review: number | null;
      published: number | null;
    }
  | { kind: 'shiftReviews'; days: number }
  | { kind: 'touchVersions' }
  | { kind: 'pnpStatus'; pnp: number; status: 1 | 2 | 3 }
  | { kind: 'allStatus'; status: 1 | 2 | 3 }
  | { kind: 'movePnp'; pnp: number; container: number }
  | { kind: 'ownParticipants'; pnp: number; own: boolean }
  | { kind: 'folderOverride'; folder: number; own: boolean }
  | { kind: 'deleteVersion'; doc: number }
  | { kind: 'deletePnp'; pnp: number }
  | { kind: 'deleteContainerPnps'; container: number };

const index = fc.nat({ max: 60 });
const status = fc.constantFrom(1 as const, 2 as const, 3 as const);
const stage = fc.integer({ min: 1, max: 5 });
/** Days around 2026-07-01 (several months either side) and hours around it. */
const review = fc.option(fc.integer({ min: -200, max: 200 }), { nil: null });
const published = fc.option(fc.integer({ min: -6000, max: 6000 }), { nil: null });
const container = fc.nat({ max: 4 });
const weighted = <T>(arbitrary: fc.Arbitrary<T>, weight: number) => ({ arbitrary, weight });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  weighted(fc.record({ kind: fc.constant('pnp' as const), container, status, own: fc.boolean() }), 3),
  weighted(fc.record({ kind: fc.constant('pnps' as const), count: fc.integer({ min: 101, max: 130 }), status }), 1),
  weighted(fc.record({ kind: fc.constant('version' as const), pnp: index, status, stage, review, published }), 6),
  weighted(
    fc.record({ kind: fc.constant('versions' as const), status, review: fc.integer({ min: -200, max: 200 }) }),
    1,
  ),
  weighted(fc.record({ kind: fc.constant('updateVersion' as const), doc: index, status, stage, review, published }), 4),
  weighted(fc.record({ kind: fc.constant('shiftReviews' as const), days: fc.integer({ min: -40, max: 40 }) }), 1),
  weighted(fc.record({ kind: fc.constant('touchVersions' as const) }), 1),
  weighted(fc.record({ kind: fc.constant('pnpStatus' as const), pnp: index, status }), 3),
  weighted(fc.record({ kind: fc.constant('allStatus' as const), status }), 1),
  weighted(fc.record({ kind: fc.constant('movePnp' as const), pnp: index, container }), 2),
  weighted(fc.record({ kind: fc.constant('ownParticipants' as const), pnp: index, own: fc.boolean() }), 2),
  weighted(
    fc.record({ kind: fc.constant('folderOverride' as const), folder: fc.constantFrom(1, 4), own: fc.boolean() }),
    1,
  ),
  weighted(fc.record({ kind: fc.constant('deleteVersion' as const), doc: index }), 2),
  weighted(fc.record({ kind: fc.constant('deletePnp' as const), pnp: index }), 1),
  weighted(fc.record({ kind: fc.constant('deleteContainerPnps' as const), container }), 1),
);
const scenarioArbitrary = fc.array(opArbitrary, { minLength: 5, maxLength: 25 });

const ids = async (tx: Tx, query: SQL): Promise<number[]> =>
  (await queryRows<{ id: number }>(tx, query)).map((r) => r.id).sort((a, b) => a - b);
const pick = (list: number[], i: number): number | undefined => (list.length ? list[i % list.length] : undefined);
const day = (offset: number | null): string | null =>
  offset === null ? null : new Date(Date.UTC(2026, 6, 1) + offset * 86_400_000).toISOString().slice(0, 10);
/** Hours around midnight UTC of a month's first day: publication months are UTC months. */
const instant = (offset: number | null): string | null =>
  offset === null ? null : new Date(Date.UTC(2026, 6, 1) + offset * 3_600_000 * 5).toISOString();
const draftStage = (status: number, stage: number): number | null => (status === 1 && stage >= 2 ? stage : null);

/** Applies one step the way any code path might: plain SQL as the application's role. */
async function apply(tx: Tx, op: Op): Promise<void> {
  const pnps = await ids(tx, sql`select id from pnps where org_id = ${orgId}`);
  const docs = await ids(tx, sql`select id from pnp_documents where org_id = ${orgId}`);
  const name = () => `P${Math.random().toString(36).slice(2)}`;
  switch (op.kind) {
    case 'pnp':
      await tx.execute(sql`insert into pnps (org_id, container_id, name, status, inherits_access)
                           values (${orgId}, ${containerIds[op.container]!}, ${name()}, ${op.status}, ${!op.own})`);
      return;
    case 'pnps':
      await tx.execute(sql`insert into pnps (org_id, container_id, name, status)
                           select ${orgId}, (${`{${containerIds.join(',')}}`}::int[])[1 + i % 5], 'Bulk ' || i || ${name()}, ${op.status}
                             from generate_series(1, ${op.count}) i`);
      return;
    case 'version': {
      const pnp = pick(pnps, op.pnp);
      if (pnp === undefined) return;
      // At most one Draft and one Active per P&P: a clash is simply not inserted.
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, review_dt, published_at)
                           select ${orgId}, ${pnp}, ${op.status}, ${draftStage(op.status, op.stage)},
                                  ${day(op.review)}::date, ${instant(op.published)}::timestamptz
                            where not exists (select 1 from pnp_documents where org_id = ${orgId} and pnp_id = ${pnp}
                                                 and status = ${op.status} and status in (1, 2))`);
      return;
    }
    case 'versions':
      // One version for every P&P that has none of that status (more than 100 at once when there are P&Ps enough).
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, review_dt, published_at)
                           select ${orgId}, p.id, ${op.status}, ${op.status === 1 ? 3 : null},
                                  ${day(op.review)}::date + p.id % 50, now() - p.id * interval '7 hours'
                             from pnps p
                            where p.org_id = ${orgId}
                              and not exists (select 1 from pnp_documents x where x.org_id = ${orgId} and x.pnp_id = p.id
                                                 and x.status = ${op.status} and x.status in (1, 2))`);
      return;
    case 'updateVersion': {
      const doc = pick(docs, op.doc);
      if (doc === undefined) return;
      await tx.execute(sql`update pnp_documents set status = ${op.status}, draft_stage = ${draftStage(op.status, op.stage)},
                                  review_dt = ${day(op.review)}::date, published_at = ${instant(op.published)}::timestamptz
                            where org_id = ${orgId} and id = ${doc}
                              and not exists (select 1 from pnp_documents x where x.org_id = ${orgId}
                                                 and x.pnp_id = pnp_documents.pnp_id and x.id <> ${doc}
                                                 and x.status = ${op.status} and x.status in (1, 2))`);
      return;
    }
    case 'shiftReviews':
      await tx.execute(sql`update pnp_documents set review_dt = review_dt + ${op.days}::int
                            where org_id = ${orgId} and review_dt is not null`);
      return;
    case 'touchVersions':
      // A change of nothing counted (notes, the lock version): the tallies stay as they are.
      await tx.execute(sql`update pnp_documents set lock_version = lock_version + 1 where org_id = ${orgId}`);
      return;
    case 'pnpStatus': {
      const pnp = pick(pnps, op.pnp);
      if (pnp !== undefined) {
        await tx.execute(sql`update pnps set status = ${op.status} where org_id = ${orgId} and id = ${pnp}`);
      }
      return;
    }
    case 'allStatus':
      await tx.execute(sql`update pnps set status = ${op.status} where org_id = ${orgId} and id % 3 = 0`);
      return;
    case 'movePnp': {
      const pnp = pick(pnps, op.pnp);
      if (pnp !== undefined) {
        await tx.execute(sql`update pnps set container_id = ${containerIds[op.container]!}
                              where org_id = ${orgId} and id = ${pnp}`);
      }
      return;
    }
    case 'ownParticipants': {
      const pnp = pick(pnps, op.pnp);
      if (pnp !== undefined) {
        await tx.execute(sql`update pnps set inherits_access = ${!op.own} where org_id = ${orgId} and id = ${pnp}`);
      }
      return;
    }
    case 'folderOverride':
      // The folder's P&Ps change access source with it (migration 0005's triggers).
      await tx.execute(sql`update containers set inherits_access = ${!op.own}
                            where org_id = ${orgId} and id = ${containerIds[op.folder]!}`);
      return;
    case 'deleteVersion': {
      const doc = pick(docs, op.doc);
      if (doc !== undefined) await tx.execute(sql`delete from pnp_documents where org_id = ${orgId} and id = ${doc}`);
      return;
    }
    case 'deletePnp': {
      const pnp = pick(pnps, op.pnp);
      if (pnp !== undefined) await tx.execute(sql`delete from pnps where org_id = ${orgId} and id = ${pnp}`);
      return;
    }
    case 'deleteContainerPnps':
      await tx.execute(sql`delete from pnps where org_id = ${orgId} and container_id = ${containerIds[op.container]!}`);
      return;
  }
}

/** The tallies as migration 0030 defines them, counted from the P&Ps and versions (written apart from it). */
const fromScratch = (org: number): SQL => sql`
  select figure, bucket, source_id, count(*)::int as n from (
    select 1 as figure, p.status::int as bucket, coalesce(p.access_source_id, case when p.inherits_access then 0 else -1 end) as source_id
      from pnps p where p.org_id = ${org}
    union all
    select 2, coalesce(d.draft_stage, 0)::int, coalesce(p.access_source_id, case when p.inherits_access then 0 else -1 end)
      from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
     where d.org_id = ${org} and d.status = 1 and p.status <> 3
    union all
    select 3, d.review_dt - date '2000-01-01', coalesce(p.access_source_id, case when p.inherits_access then 0 else -1 end)
      from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
     where d.org_id = ${org} and d.status = 2 and p.status = 2 and d.review_dt is not null
    union all
    select 5, to_char(d.review_dt, 'YYYYMM')::int, coalesce(p.access_source_id, case when p.inherits_access then 0 else -1 end)
      from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
     where d.org_id = ${org} and d.status = 2 and p.status = 2 and d.review_dt is not null
    union all
    select 4, to_char(d.published_at at time zone 'UTC', 'YYYYMM')::int, coalesce(p.access_source_id, case when p.inherits_access then 0 else -1 end)
      from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
     where d.org_id = ${org} and d.published_at is not null
    union all
    select 6, d.status::int, coalesce(p.access_source_id, case when p.inherits_access then 0 else -1 end)
      from pnp_documents d join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
     where d.org_id = ${org}) x
  group by 1, 2, 3 order by 1, 2, 3`;

async function expectTalliesEqualScratch(tx: Tx, step: string): Promise<void> {
  const kept = await queryRows(
    tx,
    sql`select figure::int as figure, bucket, source_id, n from reporting_tallies
         where org_id = ${orgId} and n <> 0 order by 1, 2, 3`,
  );
  expect(kept, step).toEqual(await queryRows(tx, fromScratch(orgId)));
}

it('the tallies equal a count from scratch after every step', async () => {
  await fc.assert(
    fc.asyncProperty(scenarioArbitrary, async (ops) => {
      const db = t.deps.database.db;
      await withTenant(db, orgId, async (tx) => {
        await tx.execute(sql`delete from pnps where org_id = ${orgId}`);
        await tx.execute(sql`update containers set inherits_access = true
                              where org_id = ${orgId} and id in (${containerIds[1]!}, ${containerIds[4]!})`);
        await expectTalliesEqualScratch(tx, 'empty');
      });
      for (const [i, op] of ops.entries()) {
        // Each step in its own transaction, as each request is.
        await withTenant(db, orgId, async (tx) => {
          await apply(tx, op);
          await expectTalliesEqualScratch(tx, `step ${i} ${JSON.stringify(op)}`);
        });
      }
    }),
    { numRuns: RUNS },
  );
}, 300_000);

it('stays exact when versions change while their P&Ps move and change status (PostgreSQL runs them at once)', async () => {
  const db = t.deps.database.db;
  await withTenant(db, orgId, async (tx) => {
    await tx.execute(sql`delete from pnps where org_id = ${orgId}`);
    await tx.execute(sql`insert into pnps (org_id, container_id, name, status)
                         select ${orgId}, ${containerIds[0]!}, 'Busy ' || i, 2 from generate_series(1, 4) i`);
    await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, review_dt, published_at)
                         select ${orgId}, id, 2, date '2026-08-01', timestamptz '2026-05-01' from pnps where org_id = ${orgId}`);
  });
  const pnps = await withTenant(db, orgId, (tx) => ids(tx, sql`select id from pnps where org_id = ${orgId}`));
  await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      withTenant(db, orgId, async (tx) => {
        const pnp = pnps[i % pnps.length]!;
        if (i % 3 === 0) {
          await tx.execute(sql`update pnps set container_id = ${containerIds[(i / 3) % 5]!}
                                where org_id = ${orgId} and id = ${pnp}`);
        } else if (i % 3 === 1) {
          await tx.execute(sql`update pnp_documents set review_dt = review_dt + ${i}::int, published_at = published_at + interval '40 days'
                                where org_id = ${orgId} and pnp_id = ${pnp}`);
        } else {
          await tx.execute(sql`update pnps set status = ${1 + (i % 2)} where org_id = ${orgId} and id = ${pnp}`);
        }
      }),
    ),
  );
  await withTenant(db, orgId, (tx) => expectTalliesEqualScratch(tx, 'after concurrent writes'));
});
