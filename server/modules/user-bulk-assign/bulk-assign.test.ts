import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { systemRows } from '../../test/container-factories';
import {
  createContainer,
  createGroup,
  createOrg,
  createTwoOrgs,
  createUser,
  grant,
  type TestUser,
} from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { lockJob } from './jobs.repo';
import { processReassignmentJobs } from './reassignment.job';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTwoOrgs>>;
let admin: Agent;
let plain: Agent;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTwoOrgs(t.deps);
  admin = await t.signIn(f.adminA.username, f.adminA.password);
  plain = await t.signIn(f.userA.username, f.userA.password);
});
afterAll(async () => t.close());

const base = () => `/api/o/${f.orgA.id}/user_bulk_assign`;

/** `count` P&Ps with their own participants in a new binder, `owner` their Owner (direct inserts: fast). */
async function manyPnps(
  count: number,
  owner: TestUser,
  extraOwner?: TestUser,
): Promise<{ binderId: number; ids: number[] }> {
  const binder = await createContainer(t.deps, f.orgA.id);
  const ids = await withSystem(t.deps.database.db, async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          select ${f.orgA.id}, ${binder.id}, 'Bulk P&P ' || ${binder.id} || '-' || g, 2, false from generate_series(1, ${count}) g
          returning id`,
    );
    const list = rows.map((r) => r.id);
    await tx.execute(
      sql`insert into access_grants (org_id, pnp_id, user_id, role)
          select ${f.orgA.id}, id, ${owner.id}, 1 from unnest(${`{${list.join(',')}}`}::int[]) id`,
    );
    if (extraOwner) {
      await tx.execute(
        sql`insert into access_grants (org_id, pnp_id, user_id, role)
            select ${f.orgA.id}, id, ${extraOwner.id}, 1 from unnest(${`{${list.join(',')}}`}::int[]) id`,
      );
    }
    return list;
  });
  return { binderId: binder.id, ids };
}

const grantsOf = (userId: number) =>
  systemRows<{ n: number }>(t.deps, sql`select count(*)::int as n from access_grants where user_id = ${userId}`).then(
    (r) => r[0]!.n,
  );

/** Every node's stored access source equals the one derived from scratch (the tree walk). */
async function materialisedAccessHolds(): Promise<void> {
  const wrong = await systemRows<{ id: number }>(
    t.deps,
    sql`with recursive walk as (
          select id, case when not inherits_access then id end as source, parent_id from containers where parent_id is null
          union all
          select c.id, case when not c.inherits_access then c.id else w.source end, c.parent_id
            from containers c join walk w on w.id = c.parent_id
        )
        select c.id from containers c join walk w on w.id = c.id where c.access_source_id is distinct from w.source
        union all
        select p.id from pnps p join walk w on w.id = p.container_id
         where p.access_source_id is distinct from (case when p.inherits_access then w.source end)`,
  );
  expect(wrong).toEqual([]);
}

describe('GET user_bulk_assign', () => {
  it('401 / 403 / 404 / happy with counts per role', async () => {
    expect((await t.anonymous().get(base())).statusCode).toBe(401);
    expect((await plain.get(base())).statusCode).toBe(403);
    expect((await admin.get(`/api/o/${f.orgB.id}/user_bulk_assign`)).statusCode).toBe(404);
    const u = await createUser(t.deps, f.orgA.id);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 1);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 4, 2);
    const res = await admin.get(base());
    expect(res.statusCode).toBe(200);
    const holder = res.json().holders.find((h: { type: string; id: number }) => h.type === 'User' && h.id === u.id);
    expect(holder.counts).toEqual({ owner: 1, author: 0, reviewer: 0, approver: 1, audience: 0 });
    expect(holder.total).toBe(2);
    expect(res.json().holders.some((h: { id: number; type: string }) => h.type === 'User' && h.id === f.userB.id)).toBe(
      false,
    );
  });
});

describe('GET user_bulk_assign/containers', () => {
  it('401 / 403 / 404 / 422 / happy', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 2);
    const url = `${base()}/containers?type=User&id=${u.id}&selected_roles=1,2`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await plain.get(url)).statusCode).toBe(403);
    const other = await admin.get(`${base()}/containers?type=User&id=${f.userB.id}&selected_roles=1`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(f.userB.name);
    const bad = await admin.get(`${base()}/containers?type=Robot&id=x&selected_roles=9`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.length).toBeGreaterThan(0);
    const res = await admin.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        item_type: 1,
        id: b.id,
        roles: [{ role: 2, approval_step: null, role_name: 'Author' }],
      }),
    ]);
    expect((await admin.get(`${base()}/containers?type=User&id=${u.id}&selected_roles=1`)).json().items).toEqual([]);
  });
});

describe('GET user_bulk_assign/containers: open tasks of a binder', () => {
  it("counts the source's open tasks on the P&Ps that take their participants from the binder, the tasks a reassignment moves", async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 4);
    const [pnp] = await systemRows<{ id: number; access_source_id: number | null }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${b.id}, 'Inheriting P&P ' || ${b.id}, 1, true) returning id, access_source_id`,
    );
    expect(pnp!.access_source_id).toBe(b.id);
    await systemRows(
      t.deps,
      sql`insert into tasks (org_id, user_id, kind, status, pnp_id) values
            (${f.orgA.id}, ${u.id}, 'Approve', 1, ${pnp!.id}),
            (${f.orgA.id}, ${u.id}, 'Approve', 2, ${pnp!.id}) returning id`,
    );
    const res = await admin.get(`${base()}/containers?type=User&id=${u.id}&selected_roles=4`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ item_type: number; id: number; open_tasks: number }>;
    // The open one only (the completed one is history); before, a binder always said 0.
    expect(items.find((i) => i.item_type === 1 && i.id === b.id)?.open_tasks).toBe(1);
  });
});

describe('POST user_bulk_assign/update', () => {
  it('401 / 403 / 404 / 422', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const v = await createUser(t.deps, f.orgA.id);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 1);
    const body = {
      reassignment_type: 'reassign',
      source: { type: 'User', id: u.id },
      targets: [{ type: 'User', id: v.id }],
      selected_roles: [1],
      selectedContainers: [{ item_type: 1, id: b.id }],
    };
    expect((await t.anonymous().post(`${base()}/update`, body)).statusCode).toBe(401);
    expect((await plain.post(`${base()}/update`, body)).statusCode).toBe(403);
    expect(
      (await admin.post(`${base()}/update`, { ...body, targets: [{ type: 'User', id: f.userB.id }] })).statusCode,
    ).toBe(404);
    expect(
      (await admin.post(`${base()}/update`, { ...body, source: { type: 'User', id: f.adminB.id } })).statusCode,
    ).toBe(404);
    const otherBinder = await createContainer(t.deps, f.orgB.id);
    expect(
      (await admin.post(`${base()}/update`, { ...body, selectedContainers: [{ item_type: 1, id: otherBinder.id }] }))
        .statusCode,
    ).toBe(404);
    const bad = await admin.post(`${base()}/update`, { ...body, reassignment_type: 'steal', selected_roles: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.length).toBeGreaterThanOrEqual(2);
    const noTargets = await admin.post(`${base()}/update`, { ...body, targets: [] });
    expect(noTargets.statusCode).toBe(422);
    const self = await admin.post(`${base()}/update`, { ...body, targets: [{ type: 'User', id: u.id }] });
    expect(self.statusCode).toBe(422);
    expect(await grantsOf(u.id)).toBe(1);
  });

  it('small reassign: done at once, tasks and change log follow, admin e-mailed', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const v = await createUser(t.deps, f.orgA.id);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 1);
    const res = await admin.post(`${base()}/update`, {
      reassignment_type: 'reassign',
      source: { type: 'User', id: u.id },
      targets: [{ type: 'User', id: v.id }],
      selected_roles: [1],
      selectedContainers: [{ item_type: 1, id: b.id }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dry_run: false, item_count: 1, status: 'done' });
    expect(await grantsOf(u.id)).toBe(0);
    expect(await grantsOf(v.id)).toBe(1);
    const logs = await systemRows<{ action_name: string; source_name: string; target_names: string[] }>(
      t.deps,
      sql`select action_name, source_name, target_names from change_logs where object_type = 'Binder' and object_id = ${b.id}`,
    );
    expect(logs).toEqual([{ action_name: 'Reassigned', source_name: u.name, target_names: [v.name] }]);
    const mail = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from mail_outbox where to_address = ${f.adminA.email} and subject = 'Your bulk assignment is complete'`,
    );
    expect(mail[0]!.n).toBeGreaterThanOrEqual(1);
    await materialisedAccessHolds();
  });
});

describe('POST user_bulk_assign/update: a group as the target', () => {
  it('refuses a group with no active member (reassign, clone and the preview): the items would go to nobody who can act', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const gone = await createUser(t.deps, f.orgA.id, { status: 2 });
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: u.id }, 1);
    const onlyInactive = await createGroup(t.deps, f.orgA.id, [gone.id]);
    const empty = await createGroup(t.deps, f.orgA.id, []);
    const body = {
      reassignment_type: 'reassign',
      source: { type: 'User', id: u.id },
      targets: [
        { type: 'Group', id: onlyInactive.id },
        { type: 'Group', id: empty.id },
      ],
      selected_roles: [1],
      selectedContainers: [{ item_type: 1, id: b.id }],
    };
    const refused = [
      `${onlyInactive.name} has no active members and cannot receive assignments.`,
      `${empty.name} has no active members and cannot receive assignments.`,
    ].sort();
    for (const attempt of [body, { ...body, dry_run: true }, { ...body, reassignment_type: 'clone' }]) {
      const res = await admin.post(`${base()}/update`, attempt);
      expect(res.statusCode, res.body).toBe(422);
      expect([...res.json().errors].sort()).toEqual(refused);
    }
    expect(await grantsOf(u.id)).toBe(1);
    const holders = (await admin.get(base())).json().holders as Array<{
      type: string;
      id: number;
      active_members: number | null;
    }>;
    expect(holders.find((h) => h.type === 'Group' && h.id === onlyInactive.id)?.active_members).toBe(0);
    expect(holders.find((h) => h.type === 'User' && h.id === u.id)?.active_members).toBeNull();

    // One active member is enough: the group takes the role.
    const staffed = await createGroup(t.deps, f.orgA.id, [gone.id, f.userA.id]);
    const ok = await admin.post(`${base()}/update`, { ...body, targets: [{ type: 'Group', id: staffed.id }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await grantsOf(u.id)).toBe(0);
    const after = (await admin.get(base())).json().holders as Array<{
      type: string;
      id: number;
      active_members: number;
    }>;
    expect(after.find((h) => h.type === 'Group' && h.id === staffed.id)?.active_members).toBe(1);
  });
});

describe('each type on 500 items', () => {
  it('reassign: preview lists all 500; queued; the job runs once, moves every grant and e-mails', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const g = await createGroup(t.deps, f.orgA.id, [f.userA.id]);
    const { ids } = await manyPnps(500, u);
    const body = {
      reassignment_type: 'reassign',
      source: { type: 'User', id: u.id },
      targets: [{ type: 'Group', id: g.id }],
      selected_roles: [1],
      selectedContainers: ids.map((id) => ({ item_type: 3, id })),
    };
    const preview = await admin.post(`${base()}/update`, { ...body, dry_run: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().item_count).toBe(500);
    expect(preview.json().items).toHaveLength(500);
    expect(preview.json().refusals).toEqual([]);
    expect(await grantsOf(u.id)).toBe(500);

    const woken: string[] = [];
    t.deps.jobs = { wake: (name) => woken.push(name) };
    const res = await admin.post(`${base()}/update`, body);
    t.deps.jobs = undefined;
    expect(res.json()).toMatchObject({ status: 'queued', item_count: 500 });
    // The background job is woken once the run is queued, not left for its next minute.
    expect(woken).toEqual(['bulk-reassignment']);
    expect(await grantsOf(u.id)).toBe(500);
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 1, failed: 0 });
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 0, failed: 0 });
    expect(await grantsOf(u.id)).toBe(0);
    const groupGrants = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from access_grants where group_id = ${g.id} and role = 1`,
    );
    expect(groupGrants[0]!.n).toBe(500);
    const logs = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from change_logs where action_name = 'Reassigned' and source_name = ${u.name}`,
    );
    expect(logs[0]!.n).toBe(500);
    const job = await systemRows<{ status: string; changed_count: number }>(
      t.deps,
      sql`select status, changed_count from reassignment_jobs where id = ${res.json().job_id}`,
    );
    expect(job).toEqual([{ status: 'done', changed_count: 500 }]);
    const mails = await systemRows<{ body_text: string }>(
      t.deps,
      sql`select body_text from mail_outbox where to_address = ${f.adminA.email} and body_text like ${`%(${u.name}) on 500 items is complete%`}`,
    );
    expect(mails).toHaveLength(1);
    await materialisedAccessHolds();
  }, 120_000);

  it('clone: targets get the same roles on 500 items, the source keeps its own', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const v = await createUser(t.deps, f.orgA.id);
    const { ids } = await manyPnps(500, u);
    const res = await admin.post(`${base()}/update`, {
      reassignment_type: 'clone',
      source: { type: 'User', id: u.id },
      targets: [{ type: 'User', id: v.id }],
      selected_roles: [1, 2],
      selectedContainers: ids.map((id) => ({ item_type: 3, id })),
    });
    expect(res.json().status).toBe('queued');
    expect((await processReassignmentJobs(t.deps.database.db, t.clock.now())).done).toBe(1);
    expect(await grantsOf(u.id)).toBe(500);
    expect(await grantsOf(v.id)).toBe(500);
    const logs = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from change_logs where action_name = 'Cloned' and source_name = ${u.name} and target_names is null`,
    );
    expect(logs[0]!.n).toBe(500);
    await materialisedAccessHolds();
  }, 120_000);

  it('remove: refused with the item list where it leaves P&Ps without an Owner; allowed where another Owner stays', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const { ids } = await manyPnps(500, u);
    const body = {
      reassignment_type: 'remove',
      source: { type: 'User', id: u.id },
      selected_roles: [1],
      selectedContainers: ids.map((id) => ({ item_type: 3, id })),
    };
    const preview = await admin.post(`${base()}/update`, { ...body, dry_run: true });
    expect(preview.json().refusals).toHaveLength(500);
    const refused = await admin.post(`${base()}/update`, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().custom_error).toBe('reassignment_refused');
    expect(refused.json().errors).toHaveLength(501);
    expect(await grantsOf(u.id)).toBe(500);

    const w = await createUser(t.deps, f.orgA.id);
    const other = await createUser(t.deps, f.orgA.id);
    const safe = await manyPnps(500, w, other);
    const ok = await admin.post(`${base()}/update`, {
      ...body,
      source: { type: 'User', id: w.id },
      selectedContainers: safe.ids.map((id) => ({ item_type: 3, id })),
    });
    expect(ok.json().status).toBe('queued');
    expect((await processReassignmentJobs(t.deps.database.db, t.clock.now())).done).toBe(1);
    expect(await grantsOf(w.id)).toBe(0);
    expect(await grantsOf(other.id)).toBe(500);
    await materialisedAccessHolds();
  }, 120_000);

  it('remove: refused where a draft waiting at an approval step would have no approver', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const owner = await createUser(t.deps, f.orgA.id);
    const binder = await createContainer(t.deps, f.orgA.id);
    const [pnp] = await systemRows<{ id: number }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${binder.id}, 'Awaiting approval', 1, false) returning id`,
    );
    await systemRows(
      t.deps,
      sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, approval_step)
          values (${f.orgA.id}, ${pnp!.id}, 1, 4, 2) returning id`,
    );
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: owner.id }, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: u.id }, 4, 2);
    const res = await admin.post(`${base()}/update`, {
      reassignment_type: 'remove',
      source: { type: 'User', id: u.id },
      selected_roles: [4],
      selectedContainers: [{ item_type: 3, id: pnp!.id }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[1]).toBe(
      'Awaiting approval is waiting for approval at step 2, which would have no approver.',
    );
  });

  it('remove: refused for a draft in Approving whose step is not recorded, read as step 1 as everywhere else', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const owner = await createUser(t.deps, f.orgA.id);
    const binder = await createContainer(t.deps, f.orgA.id);
    const [pnp] = await systemRows<{ id: number; name: string }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${binder.id}, 'No step recorded ' || ${binder.id}, 1, false) returning id, name::text`,
    );
    await systemRows(
      t.deps,
      sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, approval_step)
          values (${f.orgA.id}, ${pnp!.id}, 1, 4, null) returning id`,
    );
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: owner.id }, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: u.id }, 4, 1);
    const body = {
      reassignment_type: 'remove',
      source: { type: 'User', id: u.id },
      selected_roles: [4],
      selectedContainers: [{ item_type: 3, id: pnp!.id }],
    };
    const reason = `${pnp!.name} is waiting for approval at step 1, which would have no approver.`;
    const preview = await admin.post(`${base()}/update`, { ...body, dry_run: true });
    expect(preview.json().refusals).toEqual([{ item_type: 3, id: pnp!.id, name: pnp!.name, reason }]);
    const res = await admin.post(`${base()}/update`, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.slice(1)).toEqual([reason]);
    expect(await grantsOf(u.id)).toBe(1);
  });
});

describe('remove: who is left must be able to act', () => {
  it('refuses where the only Owners or step approvers left are inactive users or groups with no active member', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const gone = await createUser(t.deps, f.orgA.id, { status: 2 });
    const empty = await createGroup(t.deps, f.orgA.id, [gone.id]);
    const binder = await createContainer(t.deps, f.orgA.id);
    const [pnp] = await systemRows<{ id: number; name: string }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${binder.id}, 'Left to nobody ' || ${binder.id}, 1, false) returning id, name::text`,
    );
    await systemRows(
      t.deps,
      sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, approval_step)
          values (${f.orgA.id}, ${pnp!.id}, 1, 4, 1) returning id`,
    );
    // Owner and step 1 Approver each: the user removed, an inactive user and a group of only them.
    for (const role of [1, 4] as const) {
      await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: u.id }, role);
      await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: gone.id }, role);
      await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { groupId: empty.id }, role);
    }
    const body = {
      reassignment_type: 'remove',
      source: { type: 'User', id: u.id },
      selected_roles: [1, 4],
      selectedContainers: [{ item_type: 3, id: pnp!.id }],
    };
    const reasons = [
      `${pnp!.name} would have no Owner.`,
      `${pnp!.name} is waiting for approval at step 1, which would have no approver.`,
    ];
    const preview = await admin.post(`${base()}/update`, { ...body, dry_run: true });
    expect(preview.json().refusals.map((r: { reason: string }) => r.reason)).toEqual(reasons);
    const refused = await admin.post(`${base()}/update`, body);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.slice(1)).toEqual(reasons);
    expect(await grantsOf(u.id)).toBe(2);

    // Still allowed where someone who can act stays: the group gets an active member.
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(
        sql`insert into group_memberships (org_id, group_id, user_id) values (${f.orgA.id}, ${empty.id}, ${f.userA.id})`,
      ),
    );
    const allowed = await admin.post(`${base()}/update`, body);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await grantsOf(u.id)).toBe(0);
  });

  it('lets the only Owner of a retired P&P go: nothing waits for an Owner there', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const binder = await createContainer(t.deps, f.orgA.id);
    const [retired, active] = await systemRows<{ id: number; name: string }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${binder.id}, 'Retired, owned by one ' || ${binder.id}, 3, false),
                 (${f.orgA.id}, ${binder.id}, 'Active, owned by one ' || ${binder.id}, 2, false)
          returning id, name::text`,
    );
    for (const pnp of [retired!, active!]) await grant(t.deps, f.orgA.id, { pnpId: pnp.id }, { userId: u.id }, 1);
    const body = {
      reassignment_type: 'remove',
      source: { type: 'User', id: u.id },
      selected_roles: [1],
      selectedContainers: [
        { item_type: 3, id: retired!.id },
        { item_type: 3, id: active!.id },
      ],
    };
    // The active one is refused, and only it.
    const preview = await admin.post(`${base()}/update`, { ...body, dry_run: true });
    expect(preview.json().refusals.map((r: { reason: string }) => r.reason)).toEqual([
      `${active!.name} would have no Owner.`,
    ]);
    const allowed = await admin.post(`${base()}/update`, { ...body, selectedContainers: [body.selectedContainers[0]] });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await grantsOf(u.id)).toBe(1);
  });
});

describe('the background run', () => {
  it('a run whose process died after taking it (its transaction never committed) is queued again and done once', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const v = await createUser(t.deps, f.orgA.id);
    const { ids } = await manyPnps(60, u);
    const res = await admin.post(`${base()}/update`, {
      reassignment_type: 'reassign',
      source: { type: 'User', id: u.id },
      targets: [{ type: 'User', id: v.id }],
      selected_roles: [1],
      selectedContainers: ids.map((id) => ({ item_type: 3, id })),
    });
    expect(res.json().status).toBe('queued');
    const jobId: number = res.json().job_id;
    await expect(
      withTenant(t.deps.database.db, f.orgA.id, async (tx) => {
        expect(await lockJob(tx, f.orgA.id, jobId, t.clock.now())).not.toBeNull();
        throw new Error('the process was killed');
      }),
    ).rejects.toThrow('the process was killed');
    const status = () =>
      systemRows<{ status: string }>(t.deps, sql`select status from reassignment_jobs where id = ${jobId}`);
    expect(await status()).toEqual([{ status: 'queued' }]);
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 1, failed: 0 });
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 0, failed: 0 });
    expect(await status()).toEqual([{ status: 'done' }]);
    expect(await grantsOf(u.id)).toBe(0);
    expect(await grantsOf(v.id)).toBe(60);
    const mails = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from mail_outbox where to_address = ${f.adminA.email} and body_text like ${`%(${u.name}) on 60 items is complete%`}`,
    );
    expect(mails[0]!.n).toBe(1);
  }, 120_000);
});

describe('the background run: its targets when it starts', () => {
  it('fails, changing nothing, where a target was deactivated or deleted, or a group lost its last active member, since the request', async () => {
    const queue = async (target: { type: 'User' | 'Group'; id: number }) => {
      const source = await createUser(t.deps, f.orgA.id);
      const { ids } = await manyPnps(60, source);
      const res = await admin.post(`${base()}/update`, {
        reassignment_type: 'reassign',
        source: { type: 'User', id: source.id },
        targets: [target],
        selected_roles: [1],
        selectedContainers: ids.map((id) => ({ item_type: 3, id })),
      });
      expect(res.json(), res.body).toMatchObject({ status: 'queued' });
      return { source, jobId: res.json().job_id as number };
    };
    const deactivated = await createUser(t.deps, f.orgA.id);
    const deleted = await createUser(t.deps, f.orgA.id);
    const member = await createUser(t.deps, f.orgA.id);
    const group = await createGroup(t.deps, f.orgA.id, [member.id]);
    const runs = [
      {
        ...(await queue({ type: 'User', id: deactivated.id })),
        target: deactivated.id,

        reason: `${deactivated.name} is not an active user and cannot receive assignments.`,
      },
      {
        ...(await queue({ type: 'User', id: deleted.id })),
        target: deleted.id,

        reason: `${deleted.name} is no longer a user and cannot receive assignments.`,
      },
      {
        ...(await queue({ type: 'Group', id: group.id })),
        target: null,

        reason: `${group.name} has no active members and cannot receive assignments.`,
      },
    ];
    await systemRows(
      t.deps,
      sql`update org_users set status = case when id = ${deleted.id} then -1 else 2 end
           where id = any(${`{${deactivated.id},${deleted.id},${member.id}}`}::int[]) returning id`,
    );

    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 0, failed: 3 });
    for (const run of runs) {
      const [job] = await systemRows<{ status: string; changed_count: number; error: string }>(
        t.deps,
        sql`select status, changed_count, error from reassignment_jobs where id = ${run.jobId}`,
      );
      expect(job).toEqual({ status: 'failed', changed_count: 0, error: run.reason });
      // Nothing half-applied: the source keeps every grant, the target got none, no item logged.
      expect(await grantsOf(run.source.id)).toBe(60);
      if (run.target !== null) expect(await grantsOf(run.target)).toBe(0);
      const logs = await systemRows<{ n: number }>(
        t.deps,
        sql`select count(*)::int as n from change_logs where source_name = ${run.source.name}`,
      );
      expect(logs[0]!.n).toBe(0);
      const mails = await systemRows<{ body_text: string }>(
        t.deps,
        sql`select body_text from mail_outbox where to_address = ${f.adminA.email}
             and body_text like ${`%(${run.source.name}) on 60 items was not done%`}`,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body_text).toContain(run.reason);
    }
    const groupGrants = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from access_grants where group_id = ${group.id}`,
    );
    expect(groupGrants[0]!.n).toBe(0);
  }, 120_000);
});

describe('the background run: the admin who confirmed it, when it starts', () => {
  /** A run of 60 items (over the inline limit, so queued) confirmed by an admin of its own. */
  const queueBy = async (orgId: number = f.orgA.id) => {
    const confirmer = await createUser(t.deps, orgId, { isAdmin: true });
    const agent = await t.signIn(confirmer.username, confirmer.password);
    const source = await createUser(t.deps, orgId);
    const target = await createUser(t.deps, orgId);
    const binder = await createContainer(t.deps, orgId);
    const pnps = await systemRows<{ id: number }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          select ${orgId}, ${binder.id}, 'Confirmed P&P ' || ${binder.id} || '-' || g, 2, false
            from generate_series(1, 60) g
          returning id`,
    );
    await systemRows(
      t.deps,
      sql`insert into access_grants (org_id, pnp_id, user_id, role)
          select ${orgId}, id, ${source.id}, 1 from unnest(${`{${pnps.map((p) => p.id).join(',')}}`}::int[]) id
          returning id`,
    );
    const res = await agent.post(`/api/o/${orgId}/user_bulk_assign/update`, {
      reassignment_type: 'reassign',
      source: { type: 'User', id: source.id },
      targets: [{ type: 'User', id: target.id }],
      selected_roles: [1],
      selectedContainers: pnps.map((p) => ({ item_type: 3, id: p.id })),
    });
    expect(res.json(), res.body).toMatchObject({ status: 'queued', item_count: 60 });
    return { confirmer, source, target, jobId: res.json().job_id as number };
  };
  type Queued = Awaited<ReturnType<typeof queueBy>>;

  const jobOf = async (jobId: number) =>
    (
      await systemRows<{ status: string; changed_count: number; error: string | null }>(
        t.deps,
        sql`select status, changed_count, error from reassignment_jobs where id = ${jobId}`,
      )
    )[0];
  const outcomeMails = (run: Queued) =>
    systemRows<{ subject: string; body_text: string }>(
      t.deps,
      sql`select subject, body_text from mail_outbox where to_address = ${run.confirmer.email}
           and body_text like ${`%(${run.source.name}) on 60 items%`}`,
    );

  /** Refused as a queued run is: failed with the reason, and nothing of it applied or logged. */
  const expectRefused = async (run: Queued, reason: string) => {
    expect(await jobOf(run.jobId)).toEqual({ status: 'failed', changed_count: 0, error: reason });
    expect(await grantsOf(run.source.id)).toBe(60);
    expect(await grantsOf(run.target.id)).toBe(0);
    const logs = await systemRows<{ n: number }>(
      t.deps,
      sql`select count(*)::int as n from change_logs where source_name = ${run.source.name}`,
    );
    expect(logs[0]!.n).toBe(0);
  };

  it('fails, changing nothing, where the admin was demoted since; they are told why', async () => {
    const run = await queueBy();
    await systemRows(t.deps, sql`update org_users set is_admin = false where id = ${run.confirmer.id} returning id`);
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 0, failed: 1 });
    const reason = `${run.confirmer.name}, who asked for it, is no longer an organization administrator.`;
    await expectRefused(run, reason);
    const mails = await outcomeMails(run);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your bulk assignment was not done');
    expect(mails[0]!.body_text).toContain(reason);
  }, 120_000);

  it('fails, changing nothing, where the admin was deactivated since; no e-mail to someone who left', async () => {
    const run = await queueBy();
    await systemRows(t.deps, sql`update org_users set status = 2 where id = ${run.confirmer.id} returning id`);
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 0, failed: 1 });
    await expectRefused(run, `${run.confirmer.name}, who asked for it, is no longer an active user.`);
    expect(await outcomeMails(run)).toEqual([]);
  }, 120_000);

  it('fails, changing nothing, where the organisation was disabled since', async () => {
    const org = await createOrg(t.deps);
    const run = await queueBy(org.id);
    await systemRows(t.deps, sql`update organizations set status = 0 where id = ${org.id} returning id`);
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 0, failed: 1 });
    await expectRefused(run, 'The organization is disabled: bulk assignments do not run in it.');
  }, 120_000);

  it('runs as before where they are still an active admin', async () => {
    const run = await queueBy();
    expect(await processReassignmentJobs(t.deps.database.db, t.clock.now())).toEqual({ done: 1, failed: 0 });
    expect(await jobOf(run.jobId)).toEqual({ status: 'done', changed_count: 60, error: null });
    expect(await grantsOf(run.source.id)).toBe(0);
    expect(await grantsOf(run.target.id)).toBe(60);
    const mails = await outcomeMails(run);
    expect(mails.map((m) => m.subject)).toEqual(['Your bulk assignment is complete']);
  }, 120_000);
});

describe('leaver', () => {
  it('401 / 403 / 404 / 422 / happy: hands over, closes tasks, deactivates', async () => {
    const leaver = await createUser(t.deps, f.orgA.id);
    const colleague = await createUser(t.deps, f.orgA.id);
    await createGroup(t.deps, f.orgA.id, [leaver.id, colleague.id]);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: leaver.id }, 1);
    const url = `${base()}/leaver/${leaver.id}`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await plain.get(url)).statusCode).toBe(403);
    expect((await admin.get(`${base()}/leaver/${f.userB.id}`)).statusCode).toBe(404);
    const summary = await admin.get(url);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().items).toHaveLength(1);
    expect(summary.json().proposed_targets).toEqual([{ type: 'User', id: colleague.id, name: colleague.name }]);
    expect((await admin.post(url, { targets: [] })).statusCode).toBe(422);
    const done = await admin.post(url, { targets: [{ type: 'User', id: colleague.id }] });
    expect(done.statusCode).toBe(200);
    expect(done.json().item_count).toBe(1);
    expect(await grantsOf(leaver.id)).toBe(0);
    expect(await grantsOf(colleague.id)).toBe(1);
    const [row] = await systemRows<{ status: number }>(
      t.deps,
      sql`select status::int as status from org_users where id = ${leaver.id}`,
    );
    expect(row!.status).toBe(2);
  });

  it('refuses to hand over to a group whose only active member is the leaver, and changes nothing', async () => {
    const leaver = await createUser(t.deps, f.orgA.id);
    const gone = await createUser(t.deps, f.orgA.id, { status: 2 });
    const theirOwn = await createGroup(t.deps, f.orgA.id, [leaver.id, gone.id]);
    const empty = await createGroup(t.deps, f.orgA.id, []);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: leaver.id }, 1);
    const res = await admin.post(`${base()}/leaver/${leaver.id}`, {
      targets: [
        { type: 'Group', id: theirOwn.id },
        { type: 'Group', id: empty.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect([...res.json().errors].sort()).toEqual(
      [
        `${theirOwn.name} has no active members other than ${leaver.name} and cannot take over.`,
        `${empty.name} has no active members and cannot take over.`,
      ].sort(),
    );
    expect(await grantsOf(leaver.id)).toBe(1);
    const [row] = await systemRows<{ status: number }>(
      t.deps,
      sql`select status::int as status from org_users where id = ${leaver.id}`,
    );
    expect(row!.status).toBe(1);
  });

  it('refuses where a draft waiting for their approval would be left to approvers who cannot act', async () => {
    const leaver = await createUser(t.deps, f.orgA.id);
    const colleague = await createUser(t.deps, f.orgA.id);
    const gone = await createUser(t.deps, f.orgA.id, { status: 2 });
    // They approve step 1 through a group; the only other approvers are an inactive user and a group of them.
    const withLeaver = await createGroup(t.deps, f.orgA.id, [leaver.id, gone.id]);
    const ofGone = await createGroup(t.deps, f.orgA.id, [gone.id]);
    const binder = await createContainer(t.deps, f.orgA.id);
    const [pnp] = await systemRows<{ id: number; name: string }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${binder.id}, 'Waiting on a leaver ' || ${binder.id}, 1, false) returning id, name::text`,
    );
    const [doc] = await systemRows<{ id: number }>(
      t.deps,
      sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage, approval_step)
          values (${f.orgA.id}, ${pnp!.id}, 1, 4, 1) returning id`,
    );
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: colleague.id }, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: leaver.id }, 2);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { groupId: withLeaver.id }, 4, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: gone.id }, 4, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { groupId: ofGone.id }, 4, 1);
    await systemRows(
      t.deps,
      sql`insert into tasks (org_id, user_id, kind, status, pnp_id, document_id, approval_step)
          values (${f.orgA.id}, ${leaver.id}, 'Approve', 1, ${pnp!.id}, ${doc!.id}, 1) returning id`,
    );
    const res = await admin.post(`${base()}/leaver/${leaver.id}`, { targets: [{ type: 'User', id: colleague.id }] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      `Nothing was changed: ${leaver.name} approves through a group that has nobody else.`,
      `${pnp!.name} is waiting for approval at step 1, which would have no approver.`,
    ]);
    expect(await grantsOf(leaver.id)).toBe(1);
    const [row] = await systemRows<{ status: number }>(
      t.deps,
      sql`select status::int as status from org_users where id = ${leaver.id}`,
    );
    expect(row!.status).toBe(1);
  });

  it('refuses where they are the only active Owner through a group, naming the P&P, and changes nothing', async () => {
    const leaver = await createUser(t.deps, f.orgA.id);
    const colleague = await createUser(t.deps, f.orgA.id);
    const gone = await createUser(t.deps, f.orgA.id, { status: 2 });
    const owners = await createGroup(t.deps, f.orgA.id, [leaver.id, gone.id]);
    const binder = await createContainer(t.deps, f.orgA.id);
    const [pnp] = await systemRows<{ id: number; name: string }>(
      t.deps,
      sql`insert into pnps (org_id, container_id, name, status, inherits_access)
          values (${f.orgA.id}, ${binder.id}, 'Owned through a leaver ' || ${binder.id}, 2, false) returning id, name::text`,
    );
    // Owner through the group and an inactive user; an Author of their own, handed over.
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { groupId: owners.id }, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: gone.id }, 1);
    await grant(t.deps, f.orgA.id, { pnpId: pnp!.id }, { userId: leaver.id }, 2);
    const url = `${base()}/leaver/${leaver.id}`;
    const res = await admin.post(url, { targets: [{ type: 'User', id: colleague.id }] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      `Nothing was changed: ${leaver.name} is an Owner through a group that has nobody else.`,
      `${pnp!.name} would have no Owner.`,
    ]);
    expect(await grantsOf(leaver.id)).toBe(1);
    const [row] = await systemRows<{ status: number }>(
      t.deps,
      sql`select status::int as status from org_users where id = ${leaver.id}`,
    );
    expect(row!.status).toBe(1);

    // Allowed once someone else in the group can act.
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(
        sql`insert into group_memberships (org_id, group_id, user_id) values (${f.orgA.id}, ${owners.id}, ${colleague.id})`,
      ),
    );
    const done = await admin.post(url, { targets: [{ type: 'User', id: colleague.id }] });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('hands over the work of someone already deactivated; their log names no status change', async () => {
    const leaver = await createUser(t.deps, f.orgA.id, { status: 2 });
    const colleague = await createUser(t.deps, f.orgA.id);
    const b = await createContainer(t.deps, f.orgA.id);
    await grant(t.deps, f.orgA.id, { containerId: b.id }, { userId: leaver.id }, 2);
    const done = await admin.post(`${base()}/leaver/${leaver.id}`, { targets: [{ type: 'User', id: colleague.id }] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await grantsOf(leaver.id)).toBe(0);
    expect(await grantsOf(colleague.id)).toBe(1);
    const logs = await systemRows<{ deltas: Record<string, unknown> }>(
      t.deps,
      sql`select deltas from change_logs where object_type = 'User' and object_id = ${leaver.id}`,
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]!.deltas).not.toHaveProperty('changed');
    expect(logs[0]!.deltas.comment).toBe(`Left the organization: 1 item handed over to ${colleague.name}`);
  });
});
