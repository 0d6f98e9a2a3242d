import { describe, expect, it } from 'vitest';
import type { SessionFlags } from '../lib/session-flags';
import { badgeText, orgNavItems, WORK_LIST_LABEL } from './nav-items';

const flags = (overrides: Partial<SessionFlags> = {}): SessionFlags => ({
  signedIn: true,
  isHstmUser: false,
  isOrgAdmin: false,
  isPolicyOwner: false,
  isBinderFolderOwner: false,
  isSudo: false,
  staffPermissions: [],
  ...overrides,
});

const workItem = (items: ReturnType<typeof orgNavItems>) => items.find((i) => i.label === WORK_LIST_LABEL);

describe('the working list in the navigation', () => {
  it('is there for those who may create P&Ps, with nothing waiting', () => {
    for (const role of ['isOrgAdmin', 'isPolicyOwner', 'isBinderFolderOwner'] as const) {
      const item = workItem(orgNavItems('3', flags({ [role]: true }), { drafts: 0 }));
      expect(item?.to).toBe('/orgs/3/pnp_documents');
      expect(item?.badge).toBeUndefined();
    }
  });

  it('is there for a reader or reviewer only while something waits for them, with the count', () => {
    expect(workItem(orgNavItems('3', flags(), { drafts: 0 }))).toBeUndefined();
    expect(workItem(orgNavItems('3', flags(), {}))).toBeUndefined();
    expect(workItem(orgNavItems('3', flags(), { drafts: 2 }))?.badge).toEqual({ count: 2, label: 'waiting for you' });
    expect(workItem(orgNavItems('3', flags(), { drafts: 1000, draftsCapped: true }))?.badge).toEqual({
      count: 1000,
      label: 'waiting for you',
      more: true,
    });
  });
});

describe('Tasks in the navigation', () => {
  const tasksItem = (items: ReturnType<typeof orgNavItems>) => items.find((i) => i.label === 'Tasks');

  it('is there for everyone, with the count of open tasks when there are some', () => {
    expect(tasksItem(orgNavItems('3', flags(), {}))).toMatchObject({ to: '/orgs/3/tasks' });
    expect(tasksItem(orgNavItems('3', flags(), {}))?.badge).toBeUndefined();
    expect(tasksItem(orgNavItems('3', flags(), { tasks: 0 }))?.badge).toBeUndefined();
    expect(tasksItem(orgNavItems('3', flags(), { tasks: 1 }))?.badge).toEqual({ count: 1, label: 'open task' });
    expect(tasksItem(orgNavItems('3', flags(), { tasks: 4, drafts: 2 }))?.badge).toEqual({
      count: 4,
      label: 'open tasks',
    });
  });

  it("says '100+' when the count stopped, never a number lower than what waits", () => {
    const badge = tasksItem(orgNavItems('3', flags(), { tasks: 100, tasksCapped: true }))?.badge;
    expect(badge).toEqual({ count: 100, label: 'open tasks', more: true });
    expect(badgeText(badge!)).toBe('100+');
    expect(badgeText({ count: 4, label: 'open tasks' })).toBe('4');
    expect(badgeText({ count: 1200, label: 'waiting for you' })).toBe('1,200');
  });
});
