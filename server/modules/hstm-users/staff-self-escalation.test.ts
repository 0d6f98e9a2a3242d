import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * Privilege escalation through the staff users' permission strings: user management (2) must not
 * be a way to login as (4) or developer tools (5). A staff user may not change their own
 * permissions, and gives or takes away only the permissions they hold themselves; creating a
 * staff user follows the same rule.
 */
let t: TestApp;
/** Holds user management and org management only (2 3): never login as (4) nor developer tools (5). */
let manager: Agent;
let managerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaff(t.deps, '2 3');
  managerId = staff.id;
  manager = await t.signIn(staff.username, staff.password);
});
afterAll(async () => t.close());

const BASE = '/api/hstm/hstm_users';
const SELF_REFUSED = 'You cannot change your own permissions: another staff user with user management must do it.';
const notHeld = (labels: string) =>
  `You can only give or take away staff permissions you hold yourself. You do not hold: ${labels}.`;
/** A staff user who holds a permission the editor lacks is out of their reach (staff-takeover.test.ts). */
const outranked = (labels: string) =>
  'You can only edit, deactivate, delete or send a welcome email to staff users who hold no permissions beyond ' +
  `your own. You do not hold: ${labels}.`;
const uniq = () => Math.random().toString(16).slice(2, 8);
const newStaff = (permissions: string) => {
  const s = uniq();
  return { name: `Esc Staff ${s}`, email: `esc.${s}@example.com`, username: `esc.${s}`, permissions };
};
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;
const permissionsOf = async (id: number): Promise<string> =>
  (await manager.get(`${BASE}/${id}`)).json<{ user: { permissions: string } }>().user.permissions;

describe('a staff user and their own permissions', () => {
  it('403 for giving themselves login as and developer tools; nothing changes', async () => {
    for (const permissions of ['2 3 4 5', '2 3 4', '2 3 5']) {
      const res = await manager.put(`${BASE}/${managerId}`, { user: { permissions }, user_id: managerId });
      expect(res.statusCode, permissions).toBe(403);
      expect(errorsOf(res)).toEqual([SELF_REFUSED]);
    }
    expect(await permissionsOf(managerId)).toBe('2 3');
    // Their session still answers with what they hold.
    expect((await manager.get('/api/sessions')).json()).toMatchObject({ hstm: '2 3' });
  });

  it('403 for taking away one of their own, user management included', async () => {
    for (const permissions of ['2', '3', '']) {
      const res = await manager.put(`${BASE}/${managerId}`, { user: { permissions } });
      expect(res.statusCode, permissions).toBe(403);
      expect(errorsOf(res)).toEqual([SELF_REFUSED]);
    }
    expect(await permissionsOf(managerId)).toBe('2 3');
  });

  it('their own details save when the permissions sent are the ones they hold (the edit form sends them)', async () => {
    const res = await manager.put(`${BASE}/${managerId}`, {
      user: { name: 'Manny Manager', permissions: '3  2' },
      user_id: managerId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { name: 'Manny Manager', permissions: '2 3' } });
  });
});

describe('changing another staff user: only permissions one holds', () => {
  it('403 for granting a permission the editor lacks, with the rule and not the other user', async () => {
    const other = await createStaff(t.deps, '3');
    for (const [permissions, lacking] of [
      ['3 4', 'Login as another user'],
      ['3 5', 'Developer tools'],
      ['2 3 4 5', 'Login as another user, Developer tools'],
    ] as const) {
      const res = await manager.put(`${BASE}/${other.id}`, { user: { permissions }, user_id: other.id });
      expect(res.statusCode, permissions).toBe(403);
      expect(errorsOf(res)).toEqual([notHeld(lacking)]);
      expect(res.body).not.toContain(other.username);
    }
    expect(await permissionsOf(other.id)).toBe('3');
  });

  it('403 for taking away a permission the editor lacks; nothing else in the same save is kept', async () => {
    // Whoever holds a permission the editor lacks cannot be changed by them at all.
    const other = await createStaff(t.deps, '4 5');
    const res = await manager.put(`${BASE}/${other.id}`, { user: { name: 'Renamed', permissions: '5' } });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([outranked('Login as another user, Developer tools')]);
    expect(res.body).not.toContain(other.username);
    const after = (await manager.get(`${BASE}/${other.id}`)).json<{ user: { name: string; permissions: string } }>();
    expect(after.user).toMatchObject({ permissions: '4 5' });
    expect(after.user.name).not.toBe('Renamed');
  });

  it('200 for granting or taking away permissions the editor holds, to a staff user holding none beyond them', async () => {
    const other = await createStaff(t.deps, '3');
    let res = await manager.put(`${BASE}/${other.id}`, { user: { permissions: '2 3' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { permissions: '2 3' } });
    res = await manager.put(`${BASE}/${other.id}`, { user: { permissions: '2' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { permissions: '2' } });
    // Details alone, without permissions in the body, are not a change of permissions.
    res = await manager.put(`${BASE}/${other.id}`, { user: { name: 'Still Fine' } });
    expect(res.statusCode).toBe(200);
  });

  it('a staff user given user management by a manager cannot then give it login as either', async () => {
    const helper = await createStaff(t.deps, '');
    expect((await manager.put(`${BASE}/${helper.id}`, { user: { permissions: '2' } })).statusCode).toBe(200);
    const helperAgent = await t.signIn(helper.username, helper.password);
    let res = await helperAgent.put(`${BASE}/${helper.id}`, { user: { permissions: '2 4' } });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([SELF_REFUSED]);
    // The manager holds org management, which the helper lacks: the helper cannot change them at all.
    res = await helperAgent.put(`${BASE}/${managerId}`, { user: { permissions: '2 4' } });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([outranked('Org management')]);
    expect(await permissionsOf(managerId)).toBe('2 3');
    // A colleague within the helper's reach: taking away user management and giving login as are
    // both refused, and the one the helper lacks is named.
    const peer = await createStaff(t.deps, '2');
    res = await helperAgent.put(`${BASE}/${peer.id}`, { user: { permissions: '4' } });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([notHeld('Login as another user')]);
    expect(await permissionsOf(peer.id)).toBe('2');
  });
});

describe('creating a staff user: only permissions one holds', () => {
  it('403 for a permission the creator lacks, and no staff user is made', async () => {
    for (const [permissions, lacking] of [
      ['3 4', 'Login as another user'],
      ['5', 'Developer tools'],
    ] as const) {
      const input = newStaff(permissions);
      const res = await manager.post(BASE, { user: input, user_id: managerId });
      expect(res.statusCode, permissions).toBe(403);
      expect(errorsOf(res)).toEqual([notHeld(lacking)]);
      const listed = await manager.get(`${BASE}?search=${encodeURIComponent(input.username)}`);
      expect(listed.json()).toMatchObject({ total: 0 });
    }
  });

  it('201 for permissions the creator holds, or none', async () => {
    for (const permissions of ['2 3', '3', '']) {
      const res = await manager.post(BASE, { user: newStaff(permissions) });
      expect(res.statusCode, permissions).toBe(201);
      expect(res.json()).toMatchObject({ user: { permissions } });
    }
  });
});
