import { describe, expect, it } from 'vitest';
import { changeLogFieldLabel, describeChangeLog } from './change-log-labels';

describe('changeLogFieldLabel', () => {
  it('uses the special labels of the spec', () => {
    expect(changeLogFieldLabel('ntfy_email_summary')).toBe('Email Summary preferences');
    expect(changeLogFieldLabel('origination_dt')).toBe('Origination Date');
    expect(changeLogFieldLabel('review_dt')).toBe('Review Date');
    expect(changeLogFieldLabel('reminder_dt')).toBe('Reminder Date');
  });

  it('title-cases other names and removes underscores', () => {
    expect(changeLogFieldLabel('first_name')).toBe('First Name');
    expect(changeLogFieldLabel('status')).toBe('Status');
    expect(changeLogFieldLabel('__weird__name_')).toBe('Weird Name');
  });
});

describe('describeChangeLog', () => {
  it('gives the special actions their own text', () => {
    expect(describeChangeLog({ action_name: 'Create', object_type: 'Group', object_name: 'Nurses' })).toEqual([
      'Created Group Nurses',
    ]);
    expect(
      describeChangeLog({ action_name: 'Reassigned', source_name: 'Rita', target_names: ['Alan', 'Nora'] }),
    ).toEqual(['Reassigned from Rita to Alan, Nora']);
    expect(describeChangeLog({ action_name: 'Removed', source_name: 'Rita' })).toEqual([
      'Removed Rita from assignments',
    ]);
    expect(describeChangeLog({ action_name: 'Cloned', source_name: 'Rita' })).toEqual(['Cloned assignments of Rita']);
  });

  it('describes each delta with field labels', () => {
    expect(
      describeChangeLog({
        action_name: 'Update',
        deltas: {
          changed: { review_dt: ['2026-01-01', '2027-01-01'], first_name: { old: null, new: 'Ada' } },
          container_access_users_added: [{ user_name: 'Nora', role_name: 'Reviewer' }],
          user_membership_groups_removed: [{ name: 'Nurses' }],
        },
      }),
    ).toEqual([
      'Review Date changed from 2026-01-01 to 2027-01-01',
      'First Name changed from (blank) to Ada',
      'User Nora added as Reviewer',
      'Removed from group Nurses',
    ]);
    expect(describeChangeLog({ action_name: 'Delete', object_type: 'Folder', object_name: 'Old' })).toEqual([
      'Delete Folder Old',
    ]);
  });
});
