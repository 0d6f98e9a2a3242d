import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { beginAgainIfCommitted, withSystem, withTenant } from '../../db/tenant';
import { createContainer, createGroup, createOrg, createUser, grant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import type { ReportScope } from './reporting.scope';
import { computeTurnaroundRows, SIGN_OFF_ACTIONS, turnaroundRows, type TurnaroundPeriod } from './reporting.turnaround';
import { expectedPage } from './turnaround.fixture';

/**
 * Approval turnaround keeps its figures per scope and period (migration 0037) and serves them while
 * nothing they read has changed. Here the figures served are held equal to the figures computed
 * afresh, for an org admin and a binder owner, after every kind of write they depend on, each
 * committed on its own: history rows, a P&P moved or given participants of its own, a binder
 * renamed, a folder moved to another binder, a person renamed, a grant and a group membership given
 * and taken. Leaving out any one of the triggers makes the property fail.
 */
const RUNS = Number(process.env.TURNAROUND_PROPERTY_RUNS ?? 15);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOW = new Date('2026-11-23T12:00:00Z');
const BASE = Date.parse('2026-01-01T00:00:00Z');
const PERIOD: TurnaroundPeriod = { start: '2026-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z', now: NOW };
const at = (hours: number) => new Date(BASE + hours * 3_600_000).toISOString();

let t: TestApp;
let orgId: number;
let ownerId: number;
let actors: number[];
let binders: number[];
let folders: number[];
let groupId: number;
let docs: { id: number; pnp_id: number }[];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  orgId = (await createOrg(t.deps)).id;
  ownerId = (await createUser(t.deps, orgId)).id;
  actors = [ownerId, (await createUser(t.deps, orgId)).id, (await createUser(t.deps, orgId)).id];
  const mine = await createContainer(t.deps, orgId, { name: 'Mine' });
  const theirs = await createContainer(t.deps, orgId, { name: 'Theirs' });
  const third = await createContainer(t.deps, orgId, { name: 'Third' });
  binders = [mine.id, theirs.id, third.id];
  folders = [
    (await createContainer(t.deps, orgId, { parentId: mine.id, name: 'Ward' })).id,
    (await createContainer(t.deps, orgId, { parentId: theirs.id, name: 'Yard' })).id,
  ];
  await grant(t.deps, orgId, { containerId: mine.id }, { userId: ownerId }, 1);
  groupId = (await createGroup(t.deps, orgId)).id;
  await grant(t.deps, orgId, { containerId: theirs.id }, { groupId }, 1);
  await withTenant(t.deps.database.db, orgId, async (tx) => {
    docs = [];
    const places = [...binders, ...folders];
    for (let i = 0; i < 8; i++) {
      const [pnp] = await queryRows<{ id: number }>(
        tx,
        sql`insert into pnps (org_id, container_id, name, status) values (${orgId}, ${places[i % places.length]!}, ${`Doc ${i}`}, 2) returning id`,
      );
      const [doc] = await queryRows<{ id: number; pnp_id: number }>(
        tx,
        sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage) values (${orgId}, ${pnp!.id}, 1, 2) returning id, pnp_id`,
      );
      docs.push(doc!);
    }
    // Every version through Authoring, Reviewing and Publishing, some days apart, by each actor in turn.
    for (const [i, doc] of docs.entries()) {
      for (const [k, [from, to, action]] of (
        [
          [null, 2, 'Create'],
          [2, 3, 'Submit'],
          [3, 5, 'Accept'],
        ] as const
      ).entries()) {
        await history(tx, doc, from, to, action, actors[(i + k) % 3]!, 24 * (10 * i + 3 * k + 1));
      }
    }
  });
}, 120_000);
afterAll(async () => t.close());

function history(
  tx: Tx,
  doc: { id: number; pnp_id: number },
  from: number | null,
  to: number,
  action: string,
  actor: number,
  hours: number,
) {
  return tx.execute(sql`insert into workflow_history (org_id, pnp_id, document_id, actor_id, actor_name, action,
                          from_status, to_status, from_stage, to_stage, created_at)
                        values (${orgId}, ${doc.pnp_id}, ${doc.id}, ${actor}, 'Someone', ${action}, 1, 1,
                                ${from}, ${to}, ${at(hours)}::timestamptz)`);
}

type Op =
  | { kind: 'history'; doc: number; to: number; action: number; actor: number; hours: number }
  | { kind: 'move-pnp'; doc: number; place: number }
  | { kind: 'own-participants'; doc: number }
  | { kind: 'rename-binder'; binder: number; name: number }
  | { kind: 'move-folder'; folder: number; binder: number }
  | { kind: 'rename-person'; actor: number; name: number }
  | { kind: 'grant' }
  | { kind: 'membership' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('history' as const),
    doc: fc.nat({ max: 7 }),
    to: fc.integer({ min: 2, max: 5 }),
    action: fc.nat({ max: SIGN_OFF_ACTIONS.length - 1 }),
    actor: fc.nat({ max: 2 }),
    hours: fc.integer({ min: 24 * 100, max: 24 * 330 }),
  }),
  fc.record({ kind: fc.constant('move-pnp' as const), doc: fc.nat({ max: 7 }), place: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('own-participants' as const), doc: fc.nat({ max: 7 }) }),
  fc.record({ kind: fc.constant('rename-binder' as const), binder: fc.nat({ max: 2 }), name: fc.nat({ max: 99 }) }),
  fc.record({ kind: fc.constant('move-folder' as const), folder: fc.nat({ max: 1 }), binder: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('rename-person' as const), actor: fc.nat({ max: 2 }), name: fc.nat({ max: 99 }) }),
  fc.record({ kind: fc.constant('grant' as const) }),
  fc.record({ kind: fc.constant('membership' as const) }),
);

async function apply(tx: Tx, op: Op): Promise<void> {
  switch (op.kind) {
    case 'history': {
      const doc = docs[op.doc]!;
      const [last] = await queryRows<{ to_stage: number | null }>(
        tx,
        sql`select to_stage from workflow_history where org_id = ${orgId} and document_id = ${doc.id}
             order by created_at desc, id desc limit 1`,
      );
      await history(tx, doc, last?.to_stage ?? null, op.to, SIGN_OFF_ACTIONS[op.action]!, actors[op.actor]!, op.hours);
      return;
    }
    case 'move-pnp':
      await tx.execute(sql`update pnps set container_id = ${[...binders, ...folders][op.place]!}
                            where org_id = ${orgId} and id = ${docs[op.doc]!.pnp_id}`);
      return;
    case 'own-participants':
      // Toggled: with participants of its own the P&P leaves a scope that came from its container.
      await tx.execute(sql`update pnps set inherits_access = not inherits_access
                            where org_id = ${orgId} and id = ${docs[op.doc]!.pnp_id}`);
      return;
    case 'rename-binder':
      await tx.execute(
        sql`update containers set name = ${`Binder ${op.name}`} where org_id = ${orgId} and id = ${binders[op.binder]!}`,
      );
      return;
    case 'move-folder':
      await tx.execute(sql`update containers set parent_id = ${binders[op.binder]!}
                            where org_id = ${orgId} and id = ${folders[op.folder]!}`);
      return;
    case 'rename-person':
      await tx.execute(
        sql`update org_users set last_name = ${`Person ${op.name}`} where org_id = ${orgId} and id = ${actors[op.actor]!}`,
      );
      return;
    case 'grant': {
      const taken = await queryRows(
        tx,
        sql`delete from access_grants where org_id = ${orgId} and container_id = ${binders[1]!} and user_id = ${ownerId} returning id`,
      );
      if (!taken.length) {
        await tx.execute(sql`insert into access_grants (org_id, container_id, user_id, role)
                             values (${orgId}, ${binders[1]!}, ${ownerId}, 1)`);
      }
      return;
    }
    case 'membership': {
      const left = await queryRows(
        tx,
        sql`delete from group_memberships where org_id = ${orgId} and group_id = ${groupId} and user_id = ${ownerId} returning user_id`,
      );
      if (!left.length) {
        await tx.execute(
          sql`insert into group_memberships (org_id, group_id, user_id) values (${orgId}, ${groupId}, ${ownerId})`,
        );
      }
      return;
    }
  }
}

const SCOPES: ReportScope[] = [
  { orgId: 0, ownerId: null },
  { orgId: 0, ownerId: 0 },
];
const scopes = (): ReportScope[] => SCOPES.map((s) => ({ orgId, ownerId: s.ownerId === null ? null : ownerId }));
const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The figures served equal the figures computed afresh, and are now kept with the highest write. */
async function expectServedEqualFresh(tx: Tx, step: string): Promise<void> {
  for (const scope of scopes()) {
    const label = `${step} as ${scope.ownerId === null ? 'admin' : 'owner'}`;
    const served = await turnaroundRows(tx, scope, PERIOD);
    // It commits with its statement when it finds figures kept: what follows is a transaction of its own.
    beginAgainIfCommitted(tx);
    const fresh = await computeTurnaroundRows(tx, scope, PERIOD);
    for (const key of ['stages', 'open'] as const) {
      expect(parsed(served[key]), `${label}: ${key}`).toEqual(parsed(fresh[key]));
    }
    expect(parsed(served.binders), `${label}: binders`).toEqual(expectedPage(fresh.binders, 'binder_name', '', 1));
    expect(parsed(served.persons), `${label}: persons`).toEqual(expectedPage(fresh.persons, 'name', '', 1));
    const [kept] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from turnaround_figures f
           where f.org_id = ${orgId} and f.owner_id = ${scope.ownerId ?? 0}
             and f.period_start = ${PERIOD.start}::timestamptz and f.period_end = ${PERIOD.end}::timestamptz
             and f.writes_seq = (select coalesce(max(seq), 0) from report_writes where org_id = ${orgId})`,
    );
    expect(kept!.n, `${label}: kept`).toBe(1);
  }
}

it('serves the figures computed afresh after every kind of write they read, each committed alone', async () => {
  const db = t.deps.database.db;
  await fc.assert(
    fc.asyncProperty(fc.array(opArbitrary, { minLength: 4, maxLength: 14 }), async (ops) => {
      await withTenant(db, orgId, (tx) => expectServedEqualFresh(tx, 'start'));
      for (const [i, op] of ops.entries()) {
        await withTenant(db, orgId, (tx) => apply(tx, op));
        await withTenant(db, orgId, (tx) => expectServedEqualFresh(tx, `step ${i} ${JSON.stringify(op)}`));
      }
    }),
    { numRuns: RUNS },
  );
}, 600_000);

it('answers from the kept figures while nothing changes, and afresh after a write', async () => {
  const db = t.deps.database.db;
  const admin: ReportScope = { orgId, ownerId: null };
  await withTenant(db, orgId, (tx) => turnaroundRows(tx, admin, PERIOD));
  // What is kept is what is served: marked here, it comes back as it is.
  await withSystem(db, (tx) =>
    tx.execute(
      sql`update turnaround_figures set stages = '[{"marked":true}]'::json where org_id = ${orgId} and owner_id = 0`,
    ),
  );
  const served = await withTenant(db, orgId, (tx) => turnaroundRows(tx, admin, PERIOD));
  expect(parsed(served.stages)).toEqual([{ marked: true }]);
  await withTenant(db, orgId, (tx) =>
    tx.execute(sql`update org_users set first_name = 'Renamed' where org_id = ${orgId} and id = ${actors[1]!}`),
  );
  await withTenant(db, orgId, async (tx) => {
    const again = await turnaroundRows(tx, admin, PERIOD);
    beginAgainIfCommitted(tx);
    expect(parsed(again.stages)).toEqual(parsed((await computeTurnaroundRows(tx, admin, PERIOD)).stages));
    expect(JSON.stringify(parsed(again.persons))).toContain('Renamed');
  });
});

it('keeps at most twenty periods of an organisation', async () => {
  const db = t.deps.database.db;
  for (let i = 0; i < 24; i++) {
    const start = new Date(BASE + i * 86_400_000).toISOString();
    await withTenant(db, orgId, (tx) => turnaroundRows(tx, { orgId, ownerId: null }, { ...PERIOD, start }));
  }
  const [row] = await withSystem(db, (tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from turnaround_figures where org_id = ${orgId}`),
  );
  expect(row!.n).toBe(20);
});

it.runIf(onPostgres)('does not keep figures computed while a write of the organisation is in flight', async () => {
  const db = t.deps.database.db;
  const admin: ReportScope = { orgId, ownerId: null };
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const writer = withTenant(db, orgId, async (tx) => {
    await history(tx, docs[0]!, 5, 3, 'Send to Authors', actors[2]!, 24 * 320);
    written();
    await released;
  });
  await wrote;
  const during = await withTenant(db, orgId, async (tx) => {
    const served = await turnaroundRows(tx, admin, { ...PERIOD, start: '2026-02-02T00:00:00Z' });
    beginAgainIfCommitted(tx);
    const [kept] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from turnaround_figures where org_id = ${orgId} and period_start = '2026-02-02T00:00:00Z'`,
    );
    return { served, kept: kept!.n };
  });
  expect(during.kept).toBe(0);
  release();
  await writer;
  await withTenant(db, orgId, (tx) => expectServedEqualFresh(tx, 'after the writer committed'));
});
