import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createGroup, createOrg, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Each group's member count (migration 0035's triggers) against a count from scratch: random
 * memberships added and removed (one at a time and many in one statement), moved from one group to
 * another, users deleted, made inactive and brought back, groups deleted, as the application's role
 * under row-level security, one transaction per step. After every step every group's count must
 * equal its members who are not deleted.
 */
const RUNS = Number(process.env.GROUP_COUNTS_PROPERTY_RUNS ?? 20);
const USERS = 6;
const GROUPS = 3;
const DELETED = -1;

let t: TestApp;
let orgId: number;
let userIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t.deps)).id;
  userIds = [];
  for (let i = 0; i < USERS; i += 1) userIds.push((await createUser(t.deps, orgId)).id);
});
afterAll(async () => t.close());

type Op =
  | { kind: 'join'; user: number; group: number }
  | { kind: 'joinAll'; group: number }
  | { kind: 'leave'; user: number; group: number }
  | { kind: 'leaveAll'; user: number }
  | { kind: 'move'; user: number; from: number; to: number }
  | { kind: 'status'; user: number; status: 1 | 2 | -1 }
  | { kind: 'deleteGroup'; group: number };

const user = fc.nat({ max: USERS - 1 });
const group = fc.nat({ max: GROUPS - 1 });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('join' as const), user, group }),
  fc.record({ kind: fc.constant('joinAll' as const), group }),
  fc.record({ kind: fc.constant('leave' as const), user, group }),
  fc.record({ kind: fc.constant('leaveAll' as const), user }),
  fc.record({ kind: fc.constant('move' as const), user, from: group, to: group }),
  fc.record({
    kind: fc.constant('status' as const),
    user,
    status: fc.constantFrom(1 as const, 2 as const, -1 as const),
  }),
  fc.record({ kind: fc.constant('deleteGroup' as const), group }),
);

async function apply(tx: Tx, op: Op, groupIds: number[]): Promise<void> {
  const member = (i: number) => userIds[i]!;
  const groupOf = (i: number) => groupIds[i]!;
  switch (op.kind) {
    case 'join':
      // A group deleted by an earlier step takes no members.
      await tx.execute(sql`insert into group_memberships (org_id, group_id, user_id)
                           select ${orgId}, g.id, ${member(op.user)}::int from user_groups g
                            where g.org_id = ${orgId} and g.id = ${groupOf(op.group)}
                           on conflict do nothing`);
      return;
    case 'joinAll':
      await tx.execute(sql`insert into group_memberships (org_id, group_id, user_id)
                           select ${orgId}, g.id, u.id from user_groups g, org_users u
                            where g.org_id = ${orgId} and g.id = ${groupOf(op.group)} and u.org_id = ${orgId}
                           on conflict do nothing`);
      return;
    case 'leave':
      await tx.execute(sql`delete from group_memberships
                            where org_id = ${orgId} and group_id = ${groupOf(op.group)} and user_id = ${member(op.user)}`);
      return;
    case 'leaveAll':
      await tx.execute(sql`delete from group_memberships where org_id = ${orgId} and user_id = ${member(op.user)}`);
      return;
    case 'move':
      await tx.execute(sql`update group_memberships set group_id = ${groupOf(op.to)}
                            where org_id = ${orgId} and group_id = ${groupOf(op.from)} and user_id = ${member(op.user)}
                              and exists (select 1 from user_groups g where g.org_id = ${orgId} and g.id = ${groupOf(op.to)})
                              and not exists (select 1 from group_memberships o where o.org_id = ${orgId}
                                                 and o.group_id = ${groupOf(op.to)} and o.user_id = ${member(op.user)})`);
      return;
    case 'status':
      await tx.execute(
        sql`update org_users set status = ${op.status} where org_id = ${orgId} and id = ${member(op.user)}`,
      );
      return;
    case 'deleteGroup':
      await tx.execute(sql`delete from user_groups where org_id = ${orgId} and id = ${groupOf(op.group)}`);
      return;
  }
}

async function expectCountsEqualScratch(tx: Tx, step: string): Promise<void> {
  const kept = await queryRows(
    tx,
    sql`select id, members_count as n from user_groups where org_id = ${orgId} order by id`,
  );
  const scratch = await queryRows(
    tx,
    sql`select g.id, (select count(*)::int from group_memberships m
                        join org_users u on u.org_id = m.org_id and u.id = m.user_id and u.status <> ${DELETED}
                       where m.org_id = g.org_id and m.group_id = g.id) as n
          from user_groups g where g.org_id = ${orgId} order by g.id`,
  );
  expect(kept, step).toEqual(scratch);
}

it('every group keeps the count of its members who are not deleted, after every step', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 25 }), async (ops) => {
      const db = t.deps.database.db;
      await withTenant(db, orgId, async (tx) => {
        await tx.execute(sql`delete from user_groups where org_id = ${orgId}`);
        await tx.execute(sql`update org_users set status = 1 where org_id = ${orgId}`);
      });
      const groupIds: number[] = [];
      for (let i = 0; i < GROUPS; i += 1) groupIds.push((await createGroup(t.deps, orgId, [userIds[i]!])).id);
      for (const [i, op] of ops.entries()) {
        // Each step in its own transaction, as each request is.
        await withTenant(db, orgId, async (tx) => {
          await apply(tx, op, groupIds);
          await expectCountsEqualScratch(tx, `step ${i} ${JSON.stringify(op)}`);
        });
      }
    }),
    { numRuns: RUNS },
  );
}, 300_000);

it('stays exact when members join while their users are deleted and brought back (PostgreSQL runs them at once)', async () => {
  const db = t.deps.database.db;
  await withTenant(db, orgId, async (tx) => {
    await tx.execute(sql`delete from user_groups where org_id = ${orgId}`);
    await tx.execute(sql`update org_users set status = 1 where org_id = ${orgId}`);
  });
  const groups = [await createGroup(t.deps, orgId), await createGroup(t.deps, orgId)];
  await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      withTenant(db, orgId, async (tx) => {
        const member = userIds[i % USERS]!;
        const target = groups[i % 2]!.id;
        if (i % 3 === 0) {
          await tx.execute(sql`update org_users set status = ${i % 2 === 0 ? DELETED : 1}
                                where org_id = ${orgId} and id = ${member}`);
        } else if (i % 3 === 1) {
          await tx.execute(sql`insert into group_memberships (org_id, group_id, user_id)
                               values (${orgId}, ${target}, ${member}) on conflict do nothing`);
        } else {
          await tx.execute(sql`delete from group_memberships
                                where org_id = ${orgId} and group_id = ${target} and user_id = ${userIds[(i + 1) % USERS]!}`);
        }
      }),
    ),
  );
  await withTenant(db, orgId, (tx) => expectCountsEqualScratch(tx, 'after concurrent writes'));
});
