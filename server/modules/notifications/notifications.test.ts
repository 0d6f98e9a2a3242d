import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createStaff, createOrg, createUser, type TestOrg, type TestUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let org: TestOrg;
let otherOrg: TestOrg;
let me: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let mine: Agent;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  otherOrg = await createOrg(t.deps);
  me = await createUser(t.deps, org.id);
  colleague = await createUser(t.deps, org.id);
  stranger = await createUser(t.deps, otherOrg.id);
  mine = await t.signIn(me.username, me.password);
});
afterAll(async () => t.close());

/** Notifications for a user, the first one oldest; returns their ids in that order. */
async function give(user: TestUser, count: number, prefix = 'Note'): Promise<number[]> {
  const base = t.clock.now().getTime();
  const rows = await withSystem(t.deps.database.db, (tx) =>
    tx
      .insert(notifications)
      .values(
        Array.from({ length: count }, (_, i) => ({
          orgId: user.orgId,
          userId: user.id,
          message: `${prefix} ${i + 1}`,
          link: `/orgs/${user.orgId}/tasks`,
          createdAt: new Date(base + i * 1000),
        })),
      )
      .returning({ id: notifications.id }),
  );
  return rows.map((r) => r.id);
}

async function clear(user: TestUser): Promise<void> {
  await withSystem(t.deps.database.db, (tx) =>
    tx.delete(notifications).where(and(eq(notifications.orgId, user.orgId), eq(notifications.userId, user.id))),
  );
}

describe('GET self/notifications', () => {
  it('401 without a session, 403 for provider staff', async () => {
    expect((await t.anonymous().get('/api/self/notifications')).statusCode).toBe(401);
    const staff = await createStaff(t.deps);
    const staffAgent = await t.signIn(staff.username, staff.password);
    expect((await staffAgent.get('/api/self/notifications')).statusCode).toBe(403);
  });

  it('pages the caller’s own notifications, newest first, with the total and unread count', async () => {
    await clear(me);
    const ids = await give(me, 12);
    await give(colleague, 3, 'Colleague');
    await give(stranger, 2, 'Stranger');
    let res = await mine.get('/api/self/notifications');
    expect(res.statusCode).toBe(200);
    let body = res.json();
    expect(body).toMatchObject({ total: 12, unread_count: 12, page: 1, per_page: 10 });
    expect(body.notifications.map((n: { id: number }) => n.id)).toEqual(ids.slice(2).reverse());
    expect(body.notifications[0]).toEqual({
      id: ids[11],
      message: 'Note 12',
      status: 1,
      link: `/orgs/${org.id}/tasks`,
      created_at: new Date(t.clock.now().getTime() + 11_000).toISOString(),
    });
    res = await mine.get('/api/self/notifications?page=2&per_page=10');
    body = res.json();
    expect(body.notifications.map((n: { id: number }) => n.id)).toEqual([ids[1], ids[0]]);
    res = await mine.get('/api/self/notifications?per_page=5');
    expect(res.json().notifications).toHaveLength(5);
    // A page past the end has no rows and still says how many there are.
    res = await mine.get('/api/self/notifications?page=9');
    expect(res.json()).toEqual({ notifications: [], total: 12, unread_count: 12, page: 9, per_page: 10 });
  });

  it('422 for a bad page or page size, with the errors list', async () => {
    for (const q of ['page=0', 'page=x', 'per_page=0', 'per_page=101', 'per_page=2.5']) {
      const res = await mine.get(`/api/self/notifications?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors.length, q).toBeGreaterThan(0);
    }
  });
});

describe('PUT self/notifications/{id} and update_all', () => {
  it('marks one read and unread again; the unread count follows', async () => {
    await clear(me);
    const [first] = await give(me, 2);
    let res = await mine.put(`/api/self/notifications/${first}`, { status: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first, status: 2 });
    expect((await mine.get('/api/self/notifications')).json().unread_count).toBe(1);
    res = await mine.put(`/api/self/notifications/${first}`, { status: 1 });
    expect(res.json()).toMatchObject({ id: first, status: 1 });
    expect((await mine.get('/api/self/notifications')).json().unread_count).toBe(2);
  });

  it("404 for a colleague's or another organisation's notification, which stays as it was", async () => {
    const [theirs] = await give(colleague, 1);
    const [foreign] = await give(stranger, 1);
    for (const id of [theirs, foreign, 2_000_000_000]) {
      const res = await mine.put(`/api/self/notifications/${id}`, { status: 2 });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual(['The notification was not found.']);
    }
    const [row] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(notifications).where(eq(notifications.id, theirs!)),
    );
    expect(row!.status).toBe(1);
  });

  it('422 for a bad status or id, 401 without a session', async () => {
    const [id] = await give(me, 1);
    for (const body of [{ status: 3 }, { status: 'read' }, {}, { status: 2, extra: true }]) {
      const res = await mine.put(`/api/self/notifications/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect((await mine.put('/api/self/notifications/abc', { status: 2 })).statusCode).toBe(422);
    expect((await mine.put('/api/self/notifications/update_all', { status: 0 })).statusCode).toBe(422);
    expect((await t.anonymous().put(`/api/self/notifications/${id}`, { status: 2 })).statusCode).toBe(401);
    expect((await t.anonymous().put('/api/self/notifications/update_all', { status: 2 })).statusCode).toBe(401);
  });

  it('update_all marks every one of the caller’s and nobody else’s', async () => {
    await clear(me);
    await give(me, 3);
    await give(colleague, 1, 'Colleague');
    expect((await mine.put('/api/self/notifications/update_all', { status: 2 })).statusCode).toBe(204);
    const body = (await mine.get('/api/self/notifications')).json();
    expect(body.unread_count).toBe(0);
    expect(body.notifications.every((n: { status: number }) => n.status === 2)).toBe(true);
    const colleagueAgent = await t.signIn(colleague.username, colleague.password);
    expect((await colleagueAgent.get('/api/self/notifications')).json().unread_count).toBeGreaterThan(0);
  });
});

describe('DELETE self/notifications/{id} and destroy_all', () => {
  it('deletes one; 404 for someone else’s; 401 without a session; 422 for a bad id', async () => {
    await clear(me);
    const [keep, drop] = await give(me, 2);
    const [theirs] = await give(stranger, 1);
    expect((await t.anonymous().delete(`/api/self/notifications/${drop}`)).statusCode).toBe(401);
    expect((await mine.delete(`/api/self/notifications/${theirs}`)).statusCode).toBe(404);
    expect((await mine.delete('/api/self/notifications/0')).statusCode).toBe(422);
    expect((await mine.delete(`/api/self/notifications/${drop}`)).statusCode).toBe(204);
    expect((await mine.delete(`/api/self/notifications/${drop}`)).statusCode).toBe(404);
    const body = (await mine.get('/api/self/notifications')).json();
    expect(body.notifications.map((n: { id: number }) => n.id)).toEqual([keep]);
    const strangerAgent = await t.signIn(stranger.username, stranger.password);
    expect(
      (await strangerAgent.get('/api/self/notifications')).json().notifications.map((n: { id: number }) => n.id),
    ).toContain(theirs);
  });

  it('destroy_all deletes every one of the caller’s and nobody else’s', async () => {
    await give(me, 3);
    await give(colleague, 2, 'Colleague');
    expect((await t.anonymous().delete('/api/self/notifications/destroy_all')).statusCode).toBe(401);
    expect((await mine.delete('/api/self/notifications/destroy_all')).statusCode).toBe(204);
    expect((await mine.get('/api/self/notifications')).json()).toMatchObject({ total: 0, unread_count: 0 });
    const colleagueAgent = await t.signIn(colleague.username, colleague.password);
    expect((await colleagueAgent.get('/api/self/notifications')).json().total).toBeGreaterThan(0);
  });
});
