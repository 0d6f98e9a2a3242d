import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_LOG_LIMIT } from '../../../shared/api/change-logs';
import { withSystem, withTenant } from '../../db/tenant';
import { createOrg, createUser, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { listChangeLogs } from './change-logs.repo';

/** A change log lists at most CHANGE_LOG_LIMIT entries, the newest, in one list, and says when there are more. */

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
});
afterAll(async () => t.close());

/** `count` entries of one object, the nth made n minutes after `from`. */
const insertEntries = (objectType: string, objectId: number, count: number, from: string, label: string) =>
  withSystem(t.deps.database.db, (tx) =>
    tx.execute(sql`insert into change_logs (org_id, object_type, object_id, object_name, action_name, created_by_user, created_at)
      select ${org.id}, ${objectType}, ${objectId}, ${label}, ${label} || ' ' || n, 'Ada Admin',
             ${from}::timestamptz + n * interval '1 minute'
        from generate_series(1, ${count}::int) n`),
  );

describe('change logs', () => {
  it('list the newest up to the limit and say when there are more, through the API too', async () => {
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const user = await createUser(t.deps, org.id);
    await insertEntries('User', user.id, CHANGE_LOG_LIMIT, '2025-01-01T00:00:00Z', 'Edited');
    const asAdmin = await t.signIn(admin.username, admin.password);
    const url = `/api/o/${org.id}/users/${user.id}/change_logs`;
    const all = (await asAdmin.get(url)).json();
    expect(all.change_logs).toHaveLength(CHANGE_LOG_LIMIT);
    expect(all.truncated).toBeUndefined();

    await insertEntries('User', user.id, 1, '2026-01-01T00:00:00Z', 'Newest');
    const more = (await asAdmin.get(url)).json();
    expect(more.truncated).toBe(true);
    expect(more.change_logs).toHaveLength(CHANGE_LOG_LIMIT);
    expect(more.change_logs[0].action_name).toBe('Newest 1');
    // The oldest entry is the one left out.
    expect(more.change_logs.map((e: { action_name: string }) => e.action_name)).not.toContain('Edited 1');
  });

  it("merge several objects' entries into one list, newest first, before the limit applies", async () => {
    // A P&P (id 7) and one of its versions (id 8): the version's entries are all newer than the P&P's.
    await insertEntries('Pnp', 7, CHANGE_LOG_LIMIT, '2024-01-01T00:00:00Z', 'Pnp');
    await insertEntries('PnpDocument', 8, 3, '2025-06-01T00:00:00Z', 'Version');
    // Another type with the same id is another object: never listed.
    await insertEntries('PnpDocument', 7, 2, '2026-06-01T00:00:00Z', 'Other');
    const listed = await withTenant(t.deps.database.db, org.id, (tx) =>
      listChangeLogs(tx, org.id, [
        { type: 'Pnp', ids: [7] },
        { type: 'PnpDocument', ids: [8] },
      ]),
    );
    expect(listed.truncated).toBe(true);
    expect(listed.change_logs).toHaveLength(CHANGE_LOG_LIMIT);
    expect(listed.change_logs.slice(0, 4).map((e) => e.action_name)).toEqual([
      'Version 3',
      'Version 2',
      'Version 1',
      `Pnp ${CHANGE_LOG_LIMIT}`,
    ]);
    expect(listed.change_logs.map((e) => e.action_name)).not.toContain('Other 1');
    expect(await withTenant(t.deps.database.db, org.id, (tx) => listChangeLogs(tx, org.id, []))).toEqual({
      change_logs: [],
    });
  });
});
