import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { hstmUsers, organizations, orgUsers, sessions } from '../../db/schema/index';
import { createContainer, createGroup, createOrg, createStaff, createUser, grant } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { hashToken, insertSession, newToken } from './sessions.repo';

/** The session and its actor are read in one statement; each way a session stops being valid still ends it. */
describe('the session read on every request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const sessionRows = async (agent: Agent): Promise<number> => {
    const token = agent.cookies[SESSION_COOKIE] ?? '';
    return (await t.deps.database.db.select().from(sessions).where(eq(sessions.id, hashToken(token)))).length;
  };

  it('an org user made inactive is refused and the session deleted', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    expect((await agent.get('/api/sessions')).json().valid).toBe(true);
    await t.deps.database.db.update(orgUsers).set({ status: UserStatus.Inactive }).where(eq(orgUsers.id, user.id));
    expect((await agent.get(`/api/o/${org.id}/library/filter_options`)).statusCode).toBe(401);
    expect(await sessionRows(agent)).toBe(0);
  });

  it('a disabled organisation ends its users sessions', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    await t.deps.database.db.update(organizations).set({ status: OrgStatus.Disabled }).where(eq(organizations.id, org.id));
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
    expect(await sessionRows(agent)).toBe(0);
  });

  it('an idle session is reported ended and deleted', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    t.clock.advance(24 * 60 * 60_000);
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
    expect(await sessionRows(agent)).toBe(0);
  });

  it('shows the organisation, and a login-as session its sudoer until that staff user is gone', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const staff = await createStaff(t.deps);
    const token = newToken();
    const now = t.clock.now();
    await insertSession(t.deps.database.db, {
      id: hashToken(token),
      kind: 'org',
      orgId: org.id,
      userId: user.id,
      hstmUserId: null,
      sudoerId: staff.id,
      csrfToken: newToken(),
      idleTimeoutMinutes: 30,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const agent = t.anonymous();
    agent.cookies[SESSION_COOKIE] = token;
    const [orgRow] = await t.deps.database.db.select().from(organizations).where(eq(organizations.id, org.id));
    const [staffRow] = await t.deps.database.db.select().from(hstmUsers).where(eq(hstmUsers.id, staff.id));
    expect((await agent.get('/api/sessions')).json()).toMatchObject({
      valid: true,
      sudo: true,
      sudoer: { id: staff.id, name: staffRow?.name },
      org: { id: org.id, name: orgRow?.name, tenant: orgRow?.tenant },
      tenant: orgRow?.tenant,
      current_org: org.id,
    });
    await t.deps.database.db.delete(hstmUsers).where(eq(hstmUsers.id, staff.id));
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
  });

  it('a staff user made inactive is refused', async () => {
    const staff = await createStaff(t.deps);
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get('/api/sessions')).json().isHstmUser).toBe(true);
    await t.deps.database.db.update(hstmUsers).set({ status: UserStatus.Inactive }).where(eq(hstmUsers.id, staff.id));
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
    expect(await sessionRows(agent)).toBe(0);
  });

  it('says whether the user owns a binder or folder, directly or through a group, and not for another role', async () => {
    const org = await createOrg(t.deps);
    const direct = await createUser(t.deps, org.id);
    const member = await createUser(t.deps, org.id);
    const author = await createUser(t.deps, org.id);
    const binder = await createContainer(t.deps, org.id);
    const group = await createGroup(t.deps, org.id, [member.id]);
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: direct.id }, 1);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: group.id }, 1);
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: author.id }, 2);
    const ownerFlag = async (user: { username: string; password: string }): Promise<unknown> => {
      const agent = await t.signIn(user.username, user.password);
      return (await agent.get('/api/sessions')).json().binder_or_folder_owner;
    };
    expect(await ownerFlag(direct)).toBe(true);
    expect(await ownerFlag(member)).toBe(true);
    expect(await ownerFlag(author)).toBe(false);
  });
});
