import { describe, expect, it } from 'vitest';
import { describeUserLog, userLogBy } from './user-log-details';

describe('user log details in plain words', () => {
  it('a deactivation: who, the status before, the sessions and tasks it ended', () => {
    // In the key order PostgreSQL's jsonb gives back (shorter keys first).
    const details = { by: 'Ada Admin', from: 'Active', tasks_closed: 3, sessions_ended: 1 };
    expect(userLogBy({ details })).toBe('Ada Admin');
    expect(describeUserLog({ details })).toEqual([
      'Previous status: Active',
      'Signed out of 1 session',
      '3 open tasks closed',
    ]);
  });

  it('an invitation, a password set and a bulk upload', () => {
    expect(describeUserLog({ details: { by: 'Ada Admin', bulk: false, expires_in_days: 7 } })).toEqual([
      'Link valid for 7 days',
    ]);
    expect(describeUserLog({ details: { by: 'Ada Admin', bulk: true, expires_in_days: 1 } })).toEqual([
      'Sent with Invite All',
      'Link valid for 1 day',
    ]);
    expect(describeUserLog({ details: { via: 'welcome email' } })).toEqual(['Through the welcome email']);
    expect(userLogBy({ details: { via: 'welcome email' } })).toBe('');
    expect(describeUserLog({ details: { bulk_upload_id: 12, file_name: 'staff.xlsx' } })).toEqual([
      'File: staff.xlsx',
      'Bulk upload no. 12',
    ]);
  });

  it('a creation says nothing more; an unknown detail is named by its key; empty values are left out', () => {
    expect(describeUserLog({ details: { by: 'Ada Admin' } })).toEqual([]);
    expect(describeUserLog({ details: { reset_reason: 'lost phone', note: null, count: 2 } })).toEqual([
      'Reset reason: lost phone',
      'Count: 2',
    ]);
    expect(describeUserLog({ details: { extra: { a: 1 } } })).toEqual(['Extra: {"a":1}']);
  });
});
