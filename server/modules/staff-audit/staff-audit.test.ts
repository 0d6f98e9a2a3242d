import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGER_COUNT_PAGES } from '../../../shared/domain/limits';
import { withSystem, withTenant } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const message = (text: string) => ({
  system_message: {
    message: text,
    start_datetime: '2026-01-01T00:00:00.000Z',
    end_datetime: '2026-01-02T00:00:00.000Z',
    location: 'Login',
  },
});

describe('the staff action log', () => {
  it('records each change a staff user makes, in its transaction, with field names and never values', async () => {
    const staff = await createStaff(t.deps, '5');
    const agent = await t.signIn(staff.username, staff.password);
    const marker = `Audited ${Date.now()}`;
    const created = await agent.post('/api/hstm/system_messages', message(marker));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await agent.get(`/api/hstm/system_messages/${id}`)).statusCode).toBe(200);
    expect((await agent.delete(`/api/hstm/system_messages/${id}`)).statusCode).toBe(204);

    const res = await agent.get(`/api/hstm/staff_action_logs?search=${encodeURIComponent(staff.username)}`);
    expect(res.statusCode).toBe(200);
    const logs = res.json().staff_action_logs as Array<Record<string, unknown>>;
    // Newest first; the read in between is not a change and is not recorded.
    expect(logs.map((l) => [l.method, l.route])).toEqual([
      ['DELETE', '/api/hstm/system_messages/:id'],
      ['POST', '/api/hstm/system_messages'],
    ]);
    expect(logs[0]).toMatchObject({ staff_user_id: staff.id, target: { id: String(id) }, fields: [] });
    expect(logs[1]!.fields).toEqual([
      'system_message.message',
      'system_message.start_datetime',
      'system_message.end_datetime',
      'system_message.location',
    ]);
    expect(JSON.stringify(logs)).not.toContain(marker);
  });

  it('keeps no record of a change that was refused or rolled back', async () => {
    const staff = await createStaff(t.deps, '5');
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.put('/api/hstm/system_messages/2000000000', message('Nothing'))).statusCode).toBe(404);
    expect((await agent.post('/api/hstm/system_messages', { system_message: {} })).statusCode).toBe(422);
    const res = await agent.get(`/api/hstm/staff_action_logs?search=${encodeURIComponent(staff.username)}`);
    expect(res.json()).toMatchObject({ staff_action_logs: [], total: 0 });
  });

  it('401 without a session, 403 for org users and staff without developer tools, 422 for bad paging', async () => {
    expect((await t.anonymous().get('/api/hstm/staff_action_logs')).statusCode).toBe(401);
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id, { isAdmin: true });
    expect((await (await t.signIn(user.username, user.password)).get('/api/hstm/staff_action_logs')).statusCode).toBe(
      403,
    );
    const staff = await createStaff(t.deps, '2 3 4');
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get('/api/hstm/staff_action_logs')).statusCode).toBe(403);
    const developer = await t.signIn((await createStaff(t.deps, '5')).username, 'TestPassword123');
    const bad = await developer.get('/api/hstm/staff_action_logs?page=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(['page must be a whole number from 1.']);
  });

  it('is out of reach of organisation requests (the application role may not read it)', async () => {
    const org = await createOrg(t.deps);
    const failure = await withTenant(t.deps.database.db, org.id, (tx) =>
      tx.execute(sql`select count(*) from staff_action_logs`),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/permission denied/);
  });

  it('counts only as far as the pager reaches and says when more matched (ADR 0023, 0025)', async () => {
    const word = `reach${Date.now().toString(36)}`;
    const addActions = (from: number, to: number) =>
      withSystem(t.deps.database.db, (tx) =>
        tx.execute(sql`insert into staff_action_logs (staff_name, staff_email, method, route, path)
                       select 'Staff ' || i, 'staff' || i || '@example.com', 'PUT', '/api/hstm/orgs/:id',
                              '/api/hstm/orgs/' || ${word} || '-' || i
                         from generate_series(${from}::int, ${to}::int) i`),
      );
    const agent = await t.signIn((await createStaff(t.deps, '5')).username, 'TestPassword123');
    const list = async (params: string) => {
      const res = await agent.get(`/api/hstm/staff_action_logs?search=${word}&${params}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // Pages of 10: the first page counts ten pages, up to 100.
    const reach = PAGER_COUNT_PAGES * 10;

    await addActions(1, reach);
    expect(await list('page=1')).toMatchObject({ total: reach, total_capped: false });
    await addActions(reach + 1, reach + 1);
    const past = await list('page=1');
    expect(past).toMatchObject({ total: reach, total_capped: true, page: 1, per_page: 10 });
    expect(past.staff_action_logs).toHaveLength(10);
    // Paging on moves the reach: the second page counts to 110, so the pager goes past the first 100.
    expect(await list('page=2')).toMatchObject({ total: reach + 1, total_capped: false });
    // The last page, neither full nor empty, knows its total.
    expect(await list('page=11')).toMatchObject({ total: reach + 1, total_capped: false });
    // The whole log, unsearched, in pages of one: counted to ten.
    expect((await agent.get('/api/hstm/staff_action_logs?per_page=1')).json()).toMatchObject({
      total: PAGER_COUNT_PAGES,
      total_capped: true,
    });
  });
});
