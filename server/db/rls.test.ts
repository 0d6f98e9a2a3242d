import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client';
import { withSystem, withTenant, APP_ROLE } from './tenant';
import { createTestApp, type TestApp } from '../test/harness';
import { createOrg, createContainer } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('row-level security (the third wall)', () => {
  it('every table with org_id has row-level security enabled and forced, with a policy', async () => {
    const rows = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ table_name: string; enabled: boolean; forced: boolean; policies: number }>(
        tx,
        sql`select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                   (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind = 'r'
               and exists (select 1 from information_schema.columns col
                            where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'org_id')
             order by 1`,
      ),
    );
    expect(rows.length).toBeGreaterThan(20);
    const unprotected = rows.filter((r) => !r.enabled || !r.forced || r.policies < 1).map((r) => r.table_name);
    expect(unprotected).toEqual([]);
  });

  it('the application role is not a superuser and cannot bypass row-level security', async () => {
    const [role] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
        tx,
        sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
      ),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('a request transaction runs as the application role with its org id', async () => {
    const org = await createOrg(t.deps);
    const [row] = await withTenant(t.deps.database.db, org.id, (tx) =>
      queryRows<{ role: string; org: string }>(tx, sql`select current_user as role, current_setting('app.org_id') as org`),
    );
    expect(row).toEqual({ role: APP_ROLE, org: String(org.id) });
  });

  it('the application role can neither read nor write another organisation, nor rewrite change logs', async () => {
    const a = await createOrg(t.deps);
    const b = await createOrg(t.deps);
    const binder = await createContainer(t.deps, a.id);
    const seen = await withTenant(t.deps.database.db, b.id, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from containers where id = ${binder.id}`),
    );
    expect(seen).toEqual([]);
    await expect(
      withTenant(t.deps.database.db, b.id, (tx) =>
        tx.execute(sql`insert into containers (org_id, type, name) values (${a.id}, 1, 'intruder')`),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(t.deps.database.db, a.id, (tx) => tx.execute(sql`update change_logs set action_name = 'x'`)),
    ).rejects.toThrow();
  });
});
