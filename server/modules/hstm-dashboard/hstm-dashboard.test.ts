import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_COUNT_REACH } from '../../../shared/api/hstm-dashboard';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const URL = '/api/hstm/dash/new';

describe('GET hstm/dash/new', () => {
  it('401 signed out; 403 for an org user, even an admin', async () => {
    expect((await t.anonymous().get(URL)).statusCode).toBe(401);
    const org = await createOrg(t.deps);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const agent = await t.signIn(admin.username, admin.password);
    expect((await agent.get(URL)).statusCode).toBe(403);
  });

  it('staff with org management find organisations by name or key and users by name, e-mail or username', async () => {
    const staff = await createStaff(t.deps, '3');
    const agent = await t.signIn(staff.username, staff.password);
    const word = `zq${randomBytes(3).toString('hex')}`;
    const byName = await createOrg(t.deps, { name: `Clinic ${word}` });
    const byKey = await createOrg(t.deps, { tenant: `key-${word}` });
    await createOrg(t.deps);
    const byFirst = await createUser(t.deps, byName.id, { firstName: `Ann${word}` });
    const byEmail = await createUser(t.deps, byKey.id, { email: `mail.${word}@example.com` });
    const byUsername = await createUser(t.deps, byKey.id, { username: `login.${word}` });
    await createUser(t.deps, byKey.id, { username: `gone.${word}`, status: UserStatus.Deleted });

    const res = await agent.get(`${URL}?search=${word.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organizations.total).toBe(2);
    expect(body.organizations.rows.map((o: { id: number }) => o.id).sort()).toEqual([byName.id, byKey.id].sort());
    expect(body.users.total).toBe(3);
    expect(body.users.rows.map((u: { id: number }) => u.id).sort()).toEqual(
      [byFirst.id, byEmail.id, byUsername.id].sort(),
    );
    expect(body.users.rows.find((u: { id: number }) => u.id === byFirst.id)).toMatchObject({
      org_id: byName.id,
      org_name: byName.name,
      email: byFirst.email,
    });
  });

  it('finds a user by first and last name together, never by text running from one field into the next', async () => {
    const staff = await createStaff(t.deps, '4');
    const agent = await t.signIn(staff.username, staff.password);
    const word = `zr${randomBytes(3).toString('hex')}`;
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id, {
      firstName: `Ann${word}`,
      lastName: `Lee${word}`,
      email: `box${word}@example.com`,
      username: `id${word}`,
    });
    const found = async (search: string) =>
      (await agent.get(`${URL}?search=${encodeURIComponent(search)}`))
        .json()
        .users.rows.map((u: { id: number }) => u.id);
    expect(await found(`Ann${word} Lee`)).toEqual([user.id]);
    expect(await found(`${word}@EXAMPLE`)).toEqual([user.id]);
    // The end of the last name and the start of the e-mail, the e-mail's end and the username's start.
    expect(await found(`Lee${word} box`)).toEqual([]);
    expect(await found(`Lee${word}box`)).toEqual([]);
    expect(await found(`example.com id${word}`)).toEqual([]);
    expect(await found(`example.com\nid${word}`)).toEqual([]);
  });

  it('treats % and _ as plain characters, caps each list and answers the most recent for an empty search', async () => {
    const staff = await createStaff(t.deps, '3');
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get(`${URL}?search=${encodeURIComponent('%_%')}`)).json().organizations.total).toBe(0);
    const word = `cap${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 12; i += 1) await createOrg(t.deps, { name: `${word} ${i}` });
    const capped = (await agent.get(`${URL}?search=${word}`)).json();
    expect(capped.organizations.total).toBe(12);
    expect(capped.organizations.total_capped).toBe(false);
    expect(capped.organizations.rows).toHaveLength(10);
    const newest = await createOrg(t.deps);
    const recent = (await agent.get(URL)).json();
    expect(recent.organizations.rows[0].id).toBe(newest.id);
    expect(recent.organizations.rows.length).toBeLessThanOrEqual(10);
  });

  it('counts matches up to the reach and says when more matched (ADR 0025)', async () => {
    const staff = await createStaff(t.deps, '4');
    const agent = await t.signIn(staff.username, staff.password);
    const word = `reach${randomBytes(3).toString('hex')}`;
    const org = await createOrg(t.deps);
    const addUsers = (from: number, to: number) =>
      withSystem(t.deps.database.db, (tx) =>
        tx.execute(sql`insert into org_users (org_id, first_name, last_name, email, username)
                       select ${org.id}, 'Many', ${word} || i, ${word} || i || '@example.com', ${word} || '.' || i
                         from generate_series(${from}::int, ${to}::int) i`),
      );
    const users = async () => (await agent.get(`${URL}?search=${word}`)).json().users;

    await addUsers(1, DASHBOARD_COUNT_REACH);
    expect(await users()).toMatchObject({ total: DASHBOARD_COUNT_REACH, total_capped: false });
    await addUsers(DASHBOARD_COUNT_REACH + 1, DASHBOARD_COUNT_REACH + 1);
    const past = await users();
    expect(past).toMatchObject({ total: DASHBOARD_COUNT_REACH, total_capped: true });
    expect(past.rows).toHaveLength(10);
  });

  it('counts organisations by status and users locked out, for any staff user', async () => {
    const staff = await createStaff(t.deps, '');
    const agent = await t.signIn(staff.username, staff.password);
    const before = (await agent.get(URL)).json().figures;
    await createOrg(t.deps, { status: OrgStatus.Disabled });
    const locked = await createOrg(t.deps, { status: OrgStatus.Locked });
    await createUser(t.deps, locked.id, { lockedUntil: new Date(t.clock.now().getTime() + 60_000) });
    await createUser(t.deps, locked.id, { lockedUntil: new Date(t.clock.now().getTime() - 60_000) });
    const after = (await agent.get(URL)).json().figures;
    expect(after.orgs_disabled - before.orgs_disabled).toBe(1);
    expect(after.orgs_locked - before.orgs_locked).toBe(1);
    expect(after.users_locked_out - before.users_locked_out).toBe(1);
  });

  it('shows organisations only with org management (3) and users only with 3 or login as (4); the figures to all', async () => {
    const word = `zp${randomBytes(3).toString('hex')}`;
    const org = await createOrg(t.deps, { name: `Clinic ${word}` });
    const user = await createUser(t.deps, org.id, { username: `login.${word}` });
    type Seen = { orgs: number[] | 'withheld'; users: number[] | 'withheld'; figures: boolean };
    const seen: Record<string, Seen> = {};
    /** A list's ids, or that it is withheld: then it has no rows and says nothing of how many matched. */
    const listed = (list: { rows: { id: number }[]; total: number; total_capped: boolean; withheld: boolean }) => {
      if (!list.withheld) return list.rows.map((row) => row.id);
      expect(list).toEqual({ rows: [], total: 0, total_capped: false, withheld: true });
      return 'withheld' as const;
    };
    for (const numbers of ['', '2', '5', '2 5', '4', '3', '2 3 4 5']) {
      const staff = await createStaff(t.deps, numbers);
      const agent = await t.signIn(staff.username, staff.password);
      const res = await agent.get(`${URL}?search=${word}`);
      expect(res.statusCode, numbers).toBe(200);
      const body = res.json();
      seen[numbers] = {
        orgs: listed(body.organizations),
        users: listed(body.users),
        figures: body.figures.orgs_active > 0,
      };
    }
    const none: Seen = { orgs: 'withheld', users: 'withheld', figures: true };
    expect(seen).toEqual({
      '': none,
      '2': none,
      '5': none,
      '2 5': none,
      '4': { orgs: 'withheld', users: [user.id], figures: true },
      '3': { orgs: [org.id], users: [user.id], figures: true },
      '2 3 4 5': { orgs: [org.id], users: [user.id], figures: true },
    });
  });

  it('says a list it gives is not withheld, also when nothing matched', async () => {
    const word = `zn${randomBytes(3).toString('hex')}`;
    for (const [numbers, orgsWithheld] of [
      ['3', false],
      ['4', true],
    ] as const) {
      const staff = await createStaff(t.deps, numbers);
      const agent = await t.signIn(staff.username, staff.password);
      const body = (await agent.get(`${URL}?search=${word}`)).json();
      expect(body.organizations, numbers).toEqual({ rows: [], total: 0, total_capped: false, withheld: orgsWithheld });
      expect(body.users, numbers).toEqual({ rows: [], total: 0, total_capped: false, withheld: false });
    }
  });

  it('422 for a search that is too long', async () => {
    const staff = await createStaff(t.deps, '');
    const agent = await t.signIn(staff.username, staff.password);
    const res = await agent.get(`${URL}?search=${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});
