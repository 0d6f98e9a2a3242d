import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { DraftStage, TaskKind } from '../../../shared/domain/statuses';
import { TURNAROUND_OPEN_LIMIT } from '../../../shared/api/reporting';
import { queryRows, type Tx } from '../../db/client';
import { beginAgainIfCommitted, withSystem, withTenant } from '../../db/tenant';
import { createContainer, createOrg, createUser, grant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pnpInScope, type ReportScope } from './reporting.scope';
import { SIGN_OFF_ACTIONS, turnaroundRows, type TurnaroundPages, type TurnaroundPeriod } from './reporting.turnaround';
import { expectedPage } from './turnaround.fixture';

/**
 * Approval turnaround reads the stays and sign-offs kept by migration 0029's triggers. Here its
 * figures are held equal to the derivation from the history itself (the statement the report ran
 * before: every version's rows sorted by time, stays and sign-offs found by window functions), for
 * an org admin and for a binder owner, after random history rows (one, several and more than a
 * hundred versions in one statement, in any order of time) written as the application's role under
 * row-level security, rows deleted and changed with the owner's rights (the application may not), and
 * drafts moving, one transaction per step.
 */
const RUNS = Number(process.env.TURNAROUND_PROPERTY_RUNS ?? 15);
const DOCS = 6;
const BULK_DOCS = 101;
const NOW = new Date('2026-11-23T12:00:00Z');
const BASE = Date.parse('2026-01-01T00:00:00Z');

let t: TestApp;
let orgId: number;
let ownerId: number;
let actors: number[];
let docs: { id: number; pnp_id: number }[];
let bulkDocs: { id: number; pnp_id: number }[];

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.deps);
  orgId = org.id;
  const owner = await createUser(t.deps, orgId);
  ownerId = owner.id;
  actors = [ownerId, (await createUser(t.deps, orgId)).id, (await createUser(t.deps, orgId)).id];
  const mine = await createContainer(t.deps, orgId, { name: 'Mine' });
  const theirs = await createContainer(t.deps, orgId, { name: 'Theirs' });
  const ward = await createContainer(t.deps, orgId, { parentId: mine.id, name: 'Ward' });
  await grant(t.deps, orgId, { containerId: mine.id }, { userId: ownerId }, 1);
  await withTenant(t.deps.database.db, orgId, async (tx) => {
    const versions = async (n: number, tag: string) => {
      const made: { id: number; pnp_id: number }[] = [];
      for (let i = 0; i < n; i++) {
        const container = [mine.id, ward.id, theirs.id][i % 3]!;
        const [pnp] = await queryRows<{ id: number }>(
          tx,
          sql`insert into pnps (org_id, container_id, name, status) values (${orgId}, ${container}, ${`${tag} ${i}`}, ${i % 5 === 4 ? 3 : 2}) returning id`,
        );
        const [doc] = await queryRows<{ id: number; pnp_id: number }>(
          tx,
          sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, approval_step)
              values (${orgId}, ${pnp!.id}, 1, ${2 + (i % 4)}, ${i % 4 === 2 ? 1 + (i % 2) : null}) returning id, pnp_id`,
        );
        made.push(doc!);
      }
      return made;
    };
    docs = await versions(DOCS, 'Doc');
    bulkDocs = await versions(BULK_DOCS, 'Bulk');
  });
}, 120_000);
afterAll(async () => t.close());

/** Positions a row may move a version to: [status, stage, step]. */
const POSITIONS: [number | null, number | null, number | null][] = [
  [1, 2, null],
  [1, 3, null],
  [1, 4, 1],
  [1, 4, 2],
  [1, 4, null],
  [1, 5, null],
  [2, null, null],
  [null, null, null],
];
const ACTIONS = [...SIGN_OFF_ACTIONS, 'Create', 'Start Revision', 'Cancel Draft', 'Replace File'];

interface HistoryRow {
  doc: number;
  from: number;
  to: number;
  action: number;
  actor: number;
  hours: number;
}
type Op =
  | { kind: 'rows'; rows: HistoryRow[] }
  | { kind: 'bulk'; to: number; hours: number }
  | { kind: 'delete'; row: number }
  | { kind: 'retime'; row: number; hours: number }
  | { kind: 'draft'; doc: number; status: 1 | 2; stage: number; step: number | null };

const rowArbitrary: fc.Arbitrary<HistoryRow> = fc.record({
  doc: fc.nat({ max: DOCS - 1 }),
  from: fc.nat({ max: POSITIONS.length - 1 }),
  to: fc.nat({ max: POSITIONS.length - 1 }),
  action: fc.nat({ max: ACTIONS.length - 1 }),
  actor: fc.nat({ max: 3 }), // 3: no actor
  hours: fc.nat({ max: 24 * 330 }),
});
const weighted = <T>(arbitrary: fc.Arbitrary<T>, weight: number) => ({ arbitrary, weight });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  weighted(
    fc.record({ kind: fc.constant('rows' as const), rows: fc.array(rowArbitrary, { minLength: 1, maxLength: 1 }) }),
    8,
  ),
  weighted(
    fc.record({ kind: fc.constant('rows' as const), rows: fc.array(rowArbitrary, { minLength: 2, maxLength: 8 }) }),
    3,
  ),
  weighted(
    fc.record({
      kind: fc.constant('bulk' as const),
      to: fc.nat({ max: POSITIONS.length - 1 }),
      hours: fc.nat({ max: 24 * 330 }),
    }),
    1,
  ),
  weighted(fc.record({ kind: fc.constant('delete' as const), row: fc.nat({ max: 200 }) }), 2),
  weighted(
    fc.record({ kind: fc.constant('retime' as const), row: fc.nat({ max: 200 }), hours: fc.nat({ max: 24 * 330 }) }),
    2,
  ),
  weighted(
    fc.record({
      kind: fc.constant('draft' as const),
      doc: fc.nat({ max: DOCS - 1 }),
      status: fc.constantFrom(1 as const, 2 as const),
      stage: fc.integer({ min: 2, max: 5 }),
      step: fc.constantFrom(null, 1, 2),
    }),
    1,
  ),
);
const periodArbitrary = fc
  .tuple(fc.nat({ max: 330 }), fc.nat({ max: 330 }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

const at = (hours: number) => new Date(BASE + hours * 3_600_000).toISOString();
const day = (days: number) => new Date(BASE + days * 86_400_000).toISOString().slice(0, 10);

async function apply(tx: Tx, op: Op): Promise<void> {
  const insert = (values: SQL[]) =>
    tx.execute(sql`insert into workflow_history (org_id, pnp_id, document_id, actor_id, actor_name, action,
                     from_status, to_status, from_stage, to_stage, from_step, to_step, created_at)
                   values ${sql.join(values, sql`, `)}`);
  const historyIds = async () =>
    (await queryRows<{ id: number }>(tx, sql`select id from workflow_history where org_id = ${orgId} order by id`)).map(
      (r) => r.id,
    );
  switch (op.kind) {
    case 'rows':
      await insert(
        op.rows.map((row) => {
          const doc = docs[row.doc]!;
          const [fs, fst, fsp] = POSITIONS[row.from]!;
          const [ts, tst, tsp] = POSITIONS[row.to]!;
          return sql`(${orgId}, ${doc.pnp_id}, ${doc.id}, ${actors[row.actor] ?? null}, 'Someone', ${ACTIONS[row.action]!},
                      ${fs}, ${ts}, ${fst}, ${tst}, ${fsp}, ${tsp}, ${at(row.hours)}::timestamptz)`;
        }),
      );
      return;
    case 'bulk': {
      // One statement over more than a hundred versions (the triggers' bulk path).
      const [ts, tst, tsp] = POSITIONS[op.to]!;
      await insert(
        bulkDocs.map(
          (
            doc,
            i,
          ) => sql`(${orgId}, ${doc.pnp_id}, ${doc.id}, ${actors[i % 3]!}, 'Someone', ${ACTIONS[i % ACTIONS.length]!},
                           1, ${ts}, ${2 + (i % 4)}, ${tst}, null, ${tsp}, ${at(op.hours + i)}::timestamptz)`,
        ),
      );
      return;
    }
    case 'delete': {
      const ids = await historyIds();
      if (ids.length) await tx.execute(sql`delete from workflow_history where id = ${ids[op.row % ids.length]!}`);
      return;
    }
    case 'retime': {
      const ids = await historyIds();
      if (ids.length) {
        await tx.execute(
          sql`update workflow_history set created_at = ${at(op.hours)}::timestamptz where id = ${ids[op.row % ids.length]!}`,
        );
      }
      return;
    }
    case 'draft':
      await tx.execute(sql`update pnp_documents set status = ${op.status}, draft_stage = ${op.status === 1 ? op.stage : null},
                                  approval_step = ${op.status === 1 && op.stage === 4 ? op.step : null}
                            where org_id = ${orgId} and id = ${docs[op.doc]!.id}`);
      return;
  }
}

const DAY_SECONDS = 86_400;
const days = (end: SQL, start: SQL): SQL => sql`extract(epoch from (${end} - ${start})) / ${DAY_SECONDS}`;
const percentiles = (value: SQL): SQL => sql`count(*)::int as count,
  percentile_cont(0.5) within group (order by ${value}) as median,
  percentile_cont(0.9) within group (order by ${value}) as p90`;

/** The figures derived from the history itself: the statement of reporting.turnaround.ts before migration 0029. */
async function derivedRows(tx: Tx, s: ReportScope, period: TurnaroundPeriod) {
  const { start, end, now } = period;
  const actions = sql.join(
    SIGN_OFF_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  const ctes = sql`
    with marked as (
      select w.id, w.document_id, w.pnp_id, w.actor_id, w.action, w.from_stage, w.to_stage, w.to_step, w.created_at,
             case when row_number() over o = 1
                    or (w.to_stage, w.to_step) is distinct from (lag(w.to_stage) over o, lag(w.to_step) over o)
                  then 1 else 0 end as is_move
        from workflow_history w
        join pnps p on p.org_id = ${s.orgId} and p.id = w.pnp_id
       where w.org_id = ${s.orgId} and w.document_id is not null and ${pnpInScope(s, 'p')}
         and (w.document_id in (select x.document_id from workflow_history x
                                 where x.org_id = ${s.orgId} and x.created_at >= ${start}::timestamptz)
              or w.document_id in (select d.id from pnp_documents d where d.org_id = ${s.orgId} and d.status = 1))
      window o as (partition by w.document_id order by w.created_at, w.id)
    ), h as (
      select m.*,
             sum(m.is_move) over (partition by m.document_id order by m.created_at, m.id
                                  rows between unbounded preceding and current row) as seq_in
        from marked m
    ), moves as (
      select h.*, lead(h.created_at) over (partition by h.document_id order by h.created_at, h.id) as ended_at
        from h where h.is_move = 1
    ), stays as (
      select m.document_id, m.pnp_id, m.seq_in as seq, m.to_stage::int as stage,
             case when m.to_stage = ${DraftStage.Approving} then coalesce(m.to_step, 1)::int end as step,
             m.created_at as started_at, m.ended_at,
             b.id as binder_id, b.name as binder_name
        from moves m
        join pnps p on p.org_id = ${s.orgId} and p.id = m.pnp_id
        join containers ct on ct.org_id = ${s.orgId} and ct.id = p.container_id
        join containers b on b.org_id = ${s.orgId} and b.id = ct.ancestor_ids[1]
       where m.to_stage is not null
    ), acts as (
      select h.document_id, h.seq_in - h.is_move as seq, h.actor_id, h.from_stage, h.created_at
        from h
       where h.action in (${actions}) and h.actor_id is not null
    )`;
  const ended = sql`s.ended_at is not null and s.ended_at >= ${start}::timestamptz and s.ended_at < ${end}::timestamptz`;
  const stayDays = days(sql`s.ended_at`, sql`s.started_at`);
  const kinds = sql.join(
    [TaskKind.Author, TaskKind.Review, TaskKind.Approve, TaskKind.Publish].map((kind) => sql`${kind}`),
    sql`, `,
  );
  const json = (select: SQL, order: SQL): SQL =>
    sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${select}) x)`;
  const [result] = await queryRows<Record<string, unknown>>(
    tx,
    sql`${ctes}, acted as (
           select s.stage, s.step, a.actor_id, min(a.created_at) as acted_at, s.started_at
             from acts a
             join stays s on s.document_id = a.document_id and s.seq = a.seq and s.stage = a.from_stage
            group by s.document_id, s.seq, s.stage, s.step, s.started_at, a.actor_id)
        select
          ${json(
            sql`select s.stage, s.step, ${percentiles(stayDays)} from stays s where ${ended} group by s.stage, s.step`,
            sql`x.stage, x.step nulls first`,
          )} as stages,
          ${json(
            sql`select s.binder_id, s.binder_name, s.stage, s.step, ${percentiles(stayDays)}
                  from stays s where ${ended} group by s.binder_id, s.binder_name, s.stage, s.step`,
            sql`x.binder_name, x.binder_id, x.stage, x.step nulls first`,
          )} as binders,
          ${json(
            sql`select a.actor_id as user_id, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name,
                       a.stage, a.step, ${percentiles(days(sql`a.acted_at`, sql`a.started_at`))}
                  from acted a join org_users u on u.org_id = ${s.orgId} and u.id = a.actor_id
                 where a.acted_at >= ${start}::timestamptz and a.acted_at < ${end}::timestamptz
                 group by a.actor_id, u.first_name, u.last_name, a.stage, a.step`,
            sql`x.last_name, x.first_name, x.user_id, x.stage, x.step nulls first`,
          )} as persons,
          ${json(
            sql`select s.pnp_id, p.name as pnp_name, s.document_id as version_id, ct.location, s.stage, s.step,
                       s.started_at, s.document_id,
                       to_char(s.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since,
                       ${days(sql`${now.toISOString()}::timestamptz`, sql`s.started_at`)} as days_open,
                       (select string_agg(u.first_name || ' ' || u.last_name, '; ' order by u.last_name, u.first_name, u.id)
                          from tasks t join org_users u on u.org_id = ${s.orgId} and u.id = t.user_id
                         where t.org_id = ${s.orgId} and t.document_id = d.id and t.status = 1
                           and t.delegated_from is null and t.kind in (${kinds})) as pending_with
                  from stays s
                  join pnp_documents d on d.org_id = ${s.orgId} and d.id = s.document_id
                  join pnps p on p.org_id = ${s.orgId} and p.id = s.pnp_id
                  join containers ct on ct.org_id = ${s.orgId} and ct.id = p.container_id
                 where s.ended_at is null and d.status = 1 and p.status <> 3 and d.draft_stage = s.stage
                   and (s.stage <> ${DraftStage.Approving} or coalesce(d.approval_step, 1) = s.step)
                 order by s.started_at, s.document_id
                 limit ${TURNAROUND_OPEN_LIMIT}`,
            sql`x.started_at, x.document_id`,
          )} as open`,
  );
  return result!;
}

const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The page of the by-binder and by-person tables asked for, narrowed or not by a name (the binders
 * are 'Mine' and 'Theirs'; a person's name is their user's): two binders and three people over up to
 * six stages make a second page, and a third is past the last.
 */
const pagesArbitrary: fc.Arbitrary<TurnaroundPages> = fc.record({
  binder: fc.constantFrom('', 'MI', 'eir', 'nobody'),
  binderPage: fc.integer({ min: 1, max: 3 }),
  person: fc.constantFrom('', 'e', 'A', 'nobody'),
  personPage: fc.integer({ min: 1, max: 3 }),
});

it('the sign-off actions of the triggers are those of the report', async () => {
  const [row] = await withTenant(t.deps.database.db, orgId, (tx) =>
    queryRows<{ actions: string[] }>(tx, sql`select workflow_sign_off_actions() as actions`),
  );
  expect([...row!.actions].sort()).toEqual([...new Set(SIGN_OFF_ACTIONS)].sort());
});

it('the figures from the kept stays equal the derivation from the history after every step', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(opArbitrary, { minLength: 3, maxLength: 18 }),
      periodArbitrary,
      pagesArbitrary,
      async (ops, [from, to], pages) => {
        const db = t.deps.database.db;
        // The application may not change or delete history (migration 0001); cascades and the owner may.
        await withSystem(db, (tx) => tx.execute(sql`delete from workflow_history where org_id = ${orgId}`));
        const period: TurnaroundPeriod = { start: `${day(from)}T00:00:00Z`, end: `${day(to + 1)}T00:00:00Z`, now: NOW };
        for (const [i, op] of ops.entries()) {
          const changesHistory = op.kind === 'delete' || op.kind === 'retime';
          if (changesHistory) await withSystem(db, (tx) => apply(tx, op));
          await withTenant(db, orgId, async (tx) => {
            if (!changesHistory) await apply(tx, op);
            for (const scope of [
              { orgId, ownerId: null },
              { orgId, ownerId },
            ]) {
              const step = `step ${i} ${JSON.stringify(op).slice(0, 160)} as ${scope.ownerId === null ? 'admin' : 'owner'}`;
              const kept = await turnaroundRows(tx, scope, period, pages);
              // It commits with its statement when it finds figures kept: what follows begins again.
              beginAgainIfCommitted(tx);
              const derived = await derivedRows(tx, scope, period);
              for (const key of ['stages', 'open'] as const) {
                expect(parsed(kept[key]), `${step}: ${key}`).toEqual(parsed(derived[key]));
              }
              expect(parsed(kept.binders), `${step}: binders`).toEqual(
                expectedPage(derived.binders, 'binder_name', pages.binder, pages.binderPage),
              );
              expect(parsed(kept.persons), `${step}: persons`).toEqual(
                expectedPage(derived.persons, 'name', pages.person, pages.personPage),
              );
            }
          });
        }
      },
    ),
    { numRuns: RUNS },
  );
}, 600_000);
