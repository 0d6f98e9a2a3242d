import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { pnps } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import { createContainer, createGroup, createOrg, createUser, grant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  listEffectiveParticipants,
  listUserRolesOnContainer,
  listUserRolesOnPnp,
  visiblePnpIdsSql,
} from './effective-access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function createPnp(orgId: number, containerId: number, inheritsAccess = true): Promise<number> {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    tx
      .insert(pnps)
      .values({ orgId, containerId, name: `P&P ${containerId}-${Math.random()}`, inheritsAccess })
      .returning(),
  );
  return row!.id;
}

describe('effective access', () => {
  it('inherits down the tree, through groups, until a node overrides', async () => {
    const org = await createOrg(t.deps);
    const reviewer = await createUser(t.deps, org.id);
    const member = await createUser(t.deps, org.id);
    const stranger = await createUser(t.deps, org.id);
    const group = await createGroup(t.deps, org.id, [member.id]);
    const binder = await createContainer(t.deps, org.id);
    const folder = await createContainer(t.deps, org.id, { parentId: binder.id });
    const sub = await createContainer(t.deps, org.id, { parentId: folder.id });
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: reviewer.id }, 3);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: group.id }, 5);
    const pnpId = await createPnp(org.id, sub.id);

    await withTenant(t.deps.database.db, org.id, async (tx) => {
      expect(await listUserRolesOnContainer(tx, org.id, reviewer.id, sub.id)).toEqual([
        { role: 3, approval_step: null },
      ]);
      expect(await listUserRolesOnPnp(tx, org.id, member.id, pnpId)).toEqual([{ role: 5, approval_step: null }]);
      expect(await listUserRolesOnPnp(tx, org.id, stranger.id, pnpId)).toEqual([]);
      const visible = await queryRows<{ id: number }>(tx, visiblePnpIdsSql(org.id, member.id));
      expect(visible.map((r) => r.id)).toEqual([pnpId]);
      expect(await queryRows(tx, visiblePnpIdsSql(org.id, stranger.id))).toEqual([]);
      const participants = await listEffectiveParticipants(tx, org.id, { pnpId });
      expect(participants.map((p) => [p.type, p.role, p.inherited, p.source_name])).toEqual([
        ['User', 3, true, binder.name],
        ['Group', 5, true, binder.name],
      ]);
    });

    // The folder overrides: the binder's grants no longer reach below it.
    await grant(t.deps, org.id, { containerId: folder.id }, { userId: stranger.id }, 4, 2);
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      expect(await listUserRolesOnPnp(tx, org.id, member.id, pnpId)).toEqual([]);
      expect(await listUserRolesOnPnp(tx, org.id, stranger.id, pnpId)).toEqual([{ role: 4, approval_step: 2 }]);
      const participants = await listEffectiveParticipants(tx, org.id, { containerId: folder.id });
      expect(participants).toHaveLength(1);
      expect(participants[0]).toMatchObject({ inherited: false, approval_step: 2, type: 'User' });
    });
  });

  it('a P&P with its own overrides uses only them', async () => {
    const org = await createOrg(t.deps);
    const owner = await createUser(t.deps, org.id);
    const other = await createUser(t.deps, org.id);
    const binder = await createContainer(t.deps, org.id);
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: other.id }, 5);
    const pnpId = await createPnp(org.id, binder.id, false);
    await grant(t.deps, org.id, { pnpId }, { userId: owner.id }, 1);
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      expect(await listUserRolesOnPnp(tx, org.id, owner.id, pnpId)).toEqual([{ role: 1, approval_step: null }]);
      expect(await listUserRolesOnPnp(tx, org.id, other.id, pnpId)).toEqual([]);
    });
  });

  it('row-level security hides other organisations even from a query that forgets its org filter', async () => {
    const a = await createOrg(t.deps);
    const b = await createOrg(t.deps);
    await createContainer(t.deps, a.id);
    const rows = await withTenant(t.deps.database.db, b.id, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from containers where org_id = ${a.id}`),
    );
    expect(rows[0]!.n).toBe(0);
  });
});
