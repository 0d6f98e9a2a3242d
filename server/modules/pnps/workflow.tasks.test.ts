import { describe, expect, it } from 'vitest';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, TaskKind } from '../../../shared/domain/statuses';
import type { Participant } from '../access/effective-access';
import type { Assignee, PnpPeople } from './participants';
import { expectedTasks } from './workflow.tasks';

// Who should hold a draft's open tasks (product rules 'Tasks'), as a pure function of the P&P's
// grants and the active people they reach: what every resync of the tasks makes true.

const OWNER = 1;
const CO_OWNER = 2;
const AUTHOR = 3;
const REVIEWER = 4;
const APPROVER = 5;
const GROUP = 90;

type Grant = { role: number; step?: number; userId?: number; groupId?: number };

/** The P&P's grants, and who of them is active (a group's active members listed after it). */
function people(grants: Grant[], active: Array<{ userId: number; role: number; step?: number }>): PnpPeople {
  const participants: Participant[] = grants.map((g) => ({
    role: g.role,
    approval_step: g.step ?? null,
    user_id: g.userId ?? null,
    group_id: g.groupId ?? null,
    name: '',
    email: null,
    type: g.groupId ? 'Group' : 'User',
    source_type: 'container',
    source_id: 1,
    source_name: 'Binder',
    inherited: true,
  }));
  const assignees: Assignee[] = active.map((a) => ({
    user_id: a.userId,
    name: '',
    email: '',
    role: a.role,
    approval_step: a.step ?? null,
  }));
  return { participants, assignees };
}

const owners: Grant[] = [
  { role: ObjectRole.Owner, userId: OWNER },
  { role: ObjectRole.Owner, userId: CO_OWNER },
  { role: ObjectRole.Author, userId: AUTHOR },
];
const activeOwners = [
  { userId: OWNER, role: ObjectRole.Owner },
  { userId: CO_OWNER, role: ObjectRole.Owner },
  { userId: AUTHOR, role: ObjectRole.Author },
];
const reviewing = { stage: DraftStage.Reviewing, step: null, signedOff: [] };
const atStep = (step: number, signedOff: number[] = []) => ({ stage: DraftStage.Approving, step, signedOff });
const tasksOf = (kind: string, step: number | null, ...userIds: number[]) =>
  userIds.map((userId) => ({ userId, kind, step, ownerStandIn: false }));
/** The stage's tasks held by the Owners in place of its people (the tasks list offers them other actions). */
const standInTasksOf = (kind: string, step: number | null, ...userIds: number[]) =>
  userIds.map((userId) => ({ userId, kind, step, ownerStandIn: true }));

describe('expectedTasks in a stage waiting for sign-offs', () => {
  it('gives the stage to its active holders still to sign off', () => {
    const p = people(
      [
        ...owners,
        { role: ObjectRole.Approver, step: 1, userId: APPROVER },
        { role: ObjectRole.Approver, step: 1, userId: REVIEWER },
      ],
      [
        ...activeOwners,
        { userId: APPROVER, role: ObjectRole.Approver, step: 1 },
        { userId: REVIEWER, role: ObjectRole.Approver, step: 1 },
      ],
    );
    expect(expectedTasks(atStep(1, [REVIEWER]), p)).toEqual(tasksOf(TaskKind.Approve, 1, APPROVER));
  });

  it('gives Reviewing to the Owners when its only reviewer has left (the grant stays)', () => {
    const p = people([...owners, { role: ObjectRole.Reviewer, userId: REVIEWER }], activeOwners);
    expect(expectedTasks(reviewing, p)).toEqual(standInTasksOf(TaskKind.Review, null, OWNER, CO_OWNER));
  });

  it('gives Reviewing to an Owner who is one of its reviewers as a reviewer, not standing in for the one who left', () => {
    const p = people(
      [...owners, { role: ObjectRole.Reviewer, userId: REVIEWER }, { role: ObjectRole.Reviewer, userId: OWNER }],
      [...activeOwners, { userId: OWNER, role: ObjectRole.Reviewer }],
    );
    expect(expectedTasks(reviewing, p)).toEqual(tasksOf(TaskKind.Review, null, OWNER));
  });

  it('gives an approval step to the Owners when the group given it has no active member', () => {
    const p = people(
      [
        ...owners,
        { role: ObjectRole.Approver, step: 1, userId: APPROVER },
        { role: ObjectRole.Approver, step: 2, groupId: GROUP },
      ],
      [...activeOwners, { userId: APPROVER, role: ObjectRole.Approver, step: 1 }],
    );
    expect(expectedTasks(atStep(2), p)).toEqual(standInTasksOf(TaskKind.Approve, 2, OWNER, CO_OWNER));
    // Step 1 still has its approver: the Owners are not asked there.
    expect(expectedTasks(atStep(1), p)).toEqual(tasksOf(TaskKind.Approve, 1, APPROVER));
  });

  it('keeps the Owners standing in whatever they had signed off as members of the group that left', () => {
    const p = people([...owners, { role: ObjectRole.Approver, step: 1, groupId: GROUP }], activeOwners);
    expect(expectedTasks(atStep(1, [OWNER]), p)).toEqual(standInTasksOf(TaskKind.Approve, 1, OWNER, CO_OWNER));
  });

  it('expects nobody for a stage nobody is given (it is skipped), nor when no Owner is active', () => {
    expect(expectedTasks(reviewing, people(owners, activeOwners))).toEqual([]);
    const ownerless = people(
      [
        { role: ObjectRole.Owner, userId: OWNER },
        { role: ObjectRole.Reviewer, userId: REVIEWER },
      ],
      [],
    );
    expect(expectedTasks(reviewing, ownerless)).toEqual([]);
  });
});
