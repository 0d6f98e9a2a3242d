import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DraftStage } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createGroup, createUser, grant, type TestUser } from '../../test/factories';
import type { Agent, TestApp } from '../../test/harness';
import { createTestApp } from '../../test/harness';
import { createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { standInScene, type DraftRef } from '../../test/stand-in-scene';
import { putAccess } from '../../test/access-calls';

// A Reviewing stage or an approval step still given to people who have all left (deactivated,
// taken out of the group that holds it) goes to the P&P's Owners, and stays with them through
// every later resync of the draft's tasks until someone given the stage can act again.

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let coOwner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  coOwner = await createUser(t.deps, w.org.id, { firstName: 'Cora', lastName: 'Owner' });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());
afterEach(async () => {
  // A test that sets an away window ends it, passed or failed: the next one's Owners are at work.
  await withSystem(t.deps.database.db, (tx) => tx.execute(sql`delete from delegations where org_id = ${w.org.id}`));
});

type Ref = DraftRef;
interface OpenTask {
  id: number;
  user_id: number;
  kind: string;
  approval_step: number | null;
  delegated_from: number | null;
}

const { setAway, org, docUrl, stageOf, taskStatus, setStatus, setMembers, binderWith, participantsOf, submittedIn } =
  standInScene(() => ({ t, w, a, coOwner }));
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(docUrl(d, '/workflow'), body);
const openTasks = (d: Ref) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<OpenTask>(
      tx,
      sql`select id, user_id, kind, approval_step, delegated_from from tasks
           where document_id = ${d.docId} and status = 1 order by kind, user_id, id`,
    ),
  );
const holdersOf = async (d: Ref) =>
  (await openTasks(d)).map((x) => ({ user_id: x.user_id, kind: x.kind, step: x.approval_step }));

const OWNERS_REVIEW = () => [
  { user_id: w.binderOwner.id, kind: 'Review', step: null },
  { user_id: coOwner.id, kind: 'Review', step: null },
];
const ownersApprove = (step: number) => [
  { user_id: w.binderOwner.id, kind: 'Approve', step },
  { user_id: coOwner.id, kind: 'Approve', step },
];

describe('a stage whose people have all left goes to the Owners and stays with them', () => {
  it('Reviewing: its only reviewer deactivated; a later change of the participants keeps the Owners’ tasks; an Owner sends the draft back', async () => {
    const leaver = await createUser(t.deps, org(), { firstName: 'Lee', lastName: 'Leaving' });
    const reviewers = [{ userId: leaver.id }];
    const steps = [[{ userId: w.approver1.id }]];
    const binder = await binderWith(reviewers, steps);
    const d = await submittedIn(binder, 'Reviewer Left');
    expect(await holdersOf(d)).toEqual([{ user_id: leaver.id, kind: 'Review', step: null }]);

    await setStatus(leaver, 2);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });
    expect(await holdersOf(d)).toEqual(OWNERS_REVIEW());

    // An unrelated change of the binder's participants (someone new in its Audience) resyncs the
    // draft's tasks; the stage is still given to the reviewer who left, so the Owners keep it.
    const edited = await putAccess(
      a.admin,
      `/api/o/${org()}/access/${binder.id}`,
      participantsOf(reviewers, steps, [w.outsider.id]),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });
    expect(await holdersOf(d)).toEqual(OWNERS_REVIEW());

    const back = await act(a.binderOwner, d, { action: 'send_to_authors', comment: 'Our reviewer left.' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Authoring, step: null });
    expect(await holdersOf(d)).toEqual([{ user_id: w.author.id, kind: 'Author', step: null }]);
  });

  it('an approval step: its approver deactivated; another group’s change keeps the Owners’ tasks, the away Owner’s delegate too; the delegate declines', async () => {
    const leaver = await createUser(t.deps, org(), { firstName: 'Lou', lastName: 'Later' });
    const bystanders = await createGroup(t.deps, org());
    const steps = [[{ userId: w.approver1.id }], [{ userId: leaver.id }]];
    const binder = await binderWith([], steps);
    await grant(t.deps, org(), { containerId: binder.id }, { groupId: bystanders.id }, 5);
    // Cora is away: the outsider holds a copy of whatever she is given meanwhile (ADR 0011).
    await setAway(coOwner, w.outsider);
    const d = await submittedIn(binder, 'Approver Left');
    expect((await act(a.approver1, d, { action: 'approve' })).statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 2 });
    expect(await holdersOf(d)).toEqual([{ user_id: leaver.id, kind: 'Approve', step: 2 }]);

    await setStatus(leaver, 2);
    const expected = [...ownersApprove(2), { user_id: w.outsider.id, kind: 'Approve', step: 2 }].sort(
      (x, y) => x.user_id - y.user_id,
    );
    expect(await holdersOf(d)).toEqual(expected);

    // Another user's change: someone joins a group that takes part in the P&P (as its Audience).
    await setMembers(bystanders, [w.reader.id]);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 2 });
    expect(await holdersOf(d)).toEqual(expected);
    const copy = (await openTasks(d)).find((x) => x.user_id === w.outsider.id)!;
    expect(copy.delegated_from).toBe(coOwner.id);

    // The delegate declines for Cora, an Owner, through the copy: back to Authoring.
    const outsider = await t.signIn(w.outsider.username, w.outsider.password);
    const declined = await outsider.put(`/api/o/${org()}/tasks/${copy.id}`, {
      task_action: 'Decline',
      comment: 'Nobody is left to approve step 2.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Authoring, step: null });
    expect(await taskStatus(copy.id)).toBe(2);
    expect(await holdersOf(d)).toEqual([{ user_id: w.author.id, kind: 'Author', step: null }]);
  });

  it('an access change that leaves the stage only to a reviewer who has left gives it to the Owners', async () => {
    const gone = await createUser(t.deps, org(), { firstName: 'Gil', lastName: 'Gone', status: 2 });
    const stays = await createUser(t.deps, org(), { firstName: 'Sam', lastName: 'Staying' });
    const steps = [[{ userId: w.approver1.id }]];
    const binder = await binderWith([{ userId: stays.id }, { userId: gone.id }], steps);
    const d = await submittedIn(binder, 'Reviewer Taken Off');
    expect(await holdersOf(d)).toEqual([{ user_id: stays.id, kind: 'Review', step: null }]);

    const edited = await putAccess(
      a.admin,
      `/api/o/${org()}/access/${binder.id}`,
      participantsOf([{ userId: gone.id }], steps, []),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });
    expect(await holdersOf(d)).toEqual(OWNERS_REVIEW());
  });
});

describe('a stage given only to a group whose members all leave', () => {
  it('Reviewing: the members taken out of the group, the Owners get the Review tasks; a member back takes it from them', async () => {
    const first = await createUser(t.deps, org(), { firstName: 'Fay', lastName: 'Grouped' });
    const second = await createUser(t.deps, org(), { firstName: 'Gus', lastName: 'Grouped' });
    const group = await createGroup(t.deps, org(), [first.id, second.id]);
    const binder = await binderWith([{ groupId: group.id }], [[{ userId: w.approver1.id }]]);
    const d = await submittedIn(binder, 'Reviewer Group Emptied');
    expect(await holdersOf(d)).toEqual([
      { user_id: first.id, kind: 'Review', step: null },
      { user_id: second.id, kind: 'Review', step: null },
    ]);

    await setMembers(group, []);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });
    expect(await holdersOf(d)).toEqual(OWNERS_REVIEW());

    await setMembers(group, [second.id]);
    expect(await holdersOf(d)).toEqual([{ user_id: second.id, kind: 'Review', step: null }]);
  });

  it('an approval step: its members deactivated one by one, the Owners get the step; a later resync keeps it with them; an Owner declines', async () => {
    const first = await createUser(t.deps, org(), { firstName: 'Hal', lastName: 'Grouped' });
    const second = await createUser(t.deps, org(), { firstName: 'Ida', lastName: 'Grouped' });
    const group = await createGroup(t.deps, org(), [first.id, second.id]);
    const steps = [[{ groupId: group.id }]];
    const binder = await binderWith([], steps);
    const d = await submittedIn(binder, 'Approver Group Emptied');
    expect(await holdersOf(d)).toEqual([
      { user_id: first.id, kind: 'Approve', step: 1 },
      { user_id: second.id, kind: 'Approve', step: 1 },
    ]);

    await setStatus(first, 2);
    expect(await holdersOf(d)).toEqual([{ user_id: second.id, kind: 'Approve', step: 1 }]);
    await setStatus(second, 2);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
    expect(await holdersOf(d)).toEqual(ownersApprove(1));

    const edited = await putAccess(
      a.admin,
      `/api/o/${org()}/access/${binder.id}`,
      participantsOf([], steps, [w.outsider.id]),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await holdersOf(d)).toEqual(ownersApprove(1));

    const own = (await openTasks(d)).find((x) => x.user_id === w.binderOwner.id)!;
    const declined = await a.binderOwner.put(`/api/o/${org()}/tasks/${own.id}`, {
      task_action: 'Decline',
      comment: 'The whole approval group has left.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await taskStatus(own.id)).toBe(2);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Authoring, step: null });
    expect(await holdersOf(d)).toEqual([{ user_id: w.author.id, kind: 'Author', step: null }]);
  });
});

describe('an Owner standing in for an approval step', () => {
  it('may still be handed over as a leaver: the step they stand in for is not theirs to approve', async () => {
    const leaver = await createUser(t.deps, org(), { firstName: 'Kim', lastName: 'Approving' });
    const binder = await binderWith([], [[{ userId: leaver.id }]]);
    const d = await submittedIn(binder, 'Owner Leaves While Standing In');
    await setStatus(leaver, 2);
    expect(await holdersOf(d)).toEqual(ownersApprove(1));

    // Cora leaves too: her grants go to Bo, who keeps standing in for the step.
    const handedOver = await a.admin.post(`/api/o/${org()}/user_bulk_assign/leaver/${coOwner.id}`, {
      targets: [{ type: 'User', id: w.binderOwner.id }],
    });
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    expect(await holdersOf(d)).toEqual([{ user_id: w.binderOwner.id, kind: 'Approve', step: 1 }]);
    await setStatus(coOwner, 1);
  });
});
