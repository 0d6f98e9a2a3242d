import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DraftStage } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createGroup, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { standInScene, type DraftRef } from '../../test/stand-in-scene';
import { putAccess } from '../../test/access-calls';

// The tasks list offers each task the actions its holder may take. A Review or Approve task the
// P&P's Owners hold in place of reviewers or approvers who have all left (sign-off-holding.ts) is not
// answered with their sign-off: an Owner may not accept a review, and nobody is left to approve on
// behalf of. It offers Send to Authors, and Decline on an approval step (Owners may decline for the
// approvers), and the task endpoint takes exactly those.

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let coOwner: TestUser;
let coOwnerAgent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  coOwner = await createUser(t.deps, w.org.id, { firstName: 'Cora', lastName: 'Owner' });
  a = await signInAll(t, w);
  coOwnerAgent = await t.signIn(coOwner.username, coOwner.password);
});
afterAll(async () => t.close());
afterEach(async () => {
  // A test that sets an away window ends it, passed or failed: the next one's Owners are at work.
  await withSystem(t.deps.database.db, (tx) => tx.execute(sql`delete from delegations where org_id = ${w.org.id}`));
});

type Ref = DraftRef;
const { setAway, org, stageOf, taskStatus, setStatus, setMembers, binderWith, participantsOf, submittedIn } =
  standInScene(() => ({ t, w, a, coOwner }));
interface TaskView {
  id: number;
  kind: string;
  status: number;
  pnp_id: number;
  for_user_name: string | null;
  owner_stand_in: boolean;
  actions: string[];
}

/** The caller's open tasks on the P&P, as the Tasks screen lists them. */
const listed = async (agent: Agent, d: Ref): Promise<TaskView[]> => {
  const res = await agent.get(`/api/o/${org()}/tasks?status=1&per_page=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tasks: TaskView[] }>().tasks.filter((x) => x.pnp_id === d.pnpId);
};
const onlyTask = async (agent: Agent, d: Ref): Promise<TaskView> => {
  const mine = await listed(agent, d);
  expect(mine).toHaveLength(1);
  return mine[0]!;
};
const actOn = (agent: Agent, taskId: number, body: Record<string, unknown>) =>
  agent.put(`/api/o/${org()}/tasks/${taskId}`, body);
const openTasks = (d: Ref) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number; kind: string }>(
      tx,
      sql`select user_id, kind from tasks where document_id = ${d.docId} and status = 1 order by kind, user_id`,
    ),
  );
describe('an Owner’s Review task standing in for reviewers who have all left', () => {
  it('lists only Send to Authors; Accept is refused; Send to Authors through the task returns the draft to Authoring', async () => {
    const leaver = await createUser(t.deps, org(), { firstName: 'Lee', lastName: 'Leaving' });
    const binder = await binderWith([{ userId: leaver.id }], [[{ userId: w.approver1.id }]]);
    const d = await submittedIn(binder, 'Reviewer Left');
    await setStatus(leaver, 2);

    const bos = await onlyTask(a.binderOwner, d);
    expect(bos).toMatchObject({ kind: 'Review', owner_stand_in: true, actions: ['SendToAuthors'] });
    expect(await onlyTask(coOwnerAgent, d)).toMatchObject({ kind: 'Review', actions: ['SendToAuthors'] });

    // What the rules keep for reviewers stays theirs: the task endpoint refuses it as the document does.
    const accepted = await actOn(a.binderOwner, bos.id, { task_action: 'Accept' });
    expect(accepted.statusCode, accepted.body).toBe(403);
    const declined = await actOn(a.binderOwner, bos.id, { task_action: 'Decline', comment: 'No.' });
    expect(declined.statusCode, declined.body).toBe(403);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });

    const sent = await actOn(a.binderOwner, bos.id, { task_action: 'SendToAuthors', comment: 'Our reviewer left.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().next).toEqual({ pnp_id: d.pnpId, pnp_document_id: d.docId });
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Authoring, step: null });
    // The task is done by Bo, Cora's closed with the stage, and the author's opened (the resync).
    expect(await taskStatus(bos.id)).toBe(2);
    expect(await listed(a.binderOwner, d)).toEqual([]);
    expect(await listed(coOwnerAgent, d)).toEqual([]);
    expect(await openTasks(d)).toEqual([{ user_id: w.author.id, kind: 'Author' }]);
  });

  it('a reviewer group’s member back takes the stage, with Accept and Decline; an Owner given the review keeps their task as a reviewer', async () => {
    const member = await createUser(t.deps, org(), { firstName: 'Fay', lastName: 'Grouped' });
    const group = await createGroup(t.deps, org(), [member.id]);
    const steps = [[{ userId: w.approver1.id }]];
    const binder = await binderWith([{ groupId: group.id }], steps);
    const d = await submittedIn(binder, 'Reviewer Group Emptied');
    await setMembers(group, []);
    expect(await onlyTask(a.binderOwner, d)).toMatchObject({ owner_stand_in: true, actions: ['SendToAuthors'] });

    await setMembers(group, [member.id]);
    const memberAgent = await t.signIn(member.username, member.password);
    expect(await onlyTask(memberAgent, d)).toMatchObject({
      kind: 'Review',
      owner_stand_in: false,
      actions: ['Accept', 'Decline'],
    });
    expect(await listed(a.binderOwner, d)).toEqual([]);

    // Emptied again, the Owners stand in; then Bo is made a reviewer himself: the task he holds is now
    // his own review (the same task, its record brought up to date), and Cora's closes.
    await setMembers(group, []);
    const standing = await onlyTask(a.binderOwner, d);
    expect(standing).toMatchObject({ owner_stand_in: true, actions: ['SendToAuthors'] });
    const edited = await putAccess(
      a.admin,
      `/api/o/${org()}/access/${binder.id}`,
      participantsOf([{ groupId: group.id }, { userId: w.binderOwner.id }], steps),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await onlyTask(a.binderOwner, d)).toEqual({
      ...standing,
      owner_stand_in: false,
      actions: ['Accept', 'Decline'],
    });
    expect(await listed(coOwnerAgent, d)).toEqual([]);
    const accepted = await actOn(a.binderOwner, standing.id, { task_action: 'Accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
  });
});

describe('an Owner’s Approve task standing in for approvers who have all left', () => {
  it('lists Decline and Send to Authors, on the away Owner’s delegate’s copy too; Approve is refused; the delegate sends the draft back', async () => {
    const leaver = await createUser(t.deps, org(), { firstName: 'Lou', lastName: 'Later' });
    const binder = await binderWith([], [[{ userId: leaver.id }]]);
    // Cora is away: the outsider holds a copy of whatever she is given meanwhile (ADR 0011).
    await setAway(coOwner, w.outsider);
    const d = await submittedIn(binder, 'Approver Left');
    await setStatus(leaver, 2);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });

    const bos = await onlyTask(a.binderOwner, d);
    expect(bos).toMatchObject({ kind: 'Approve', owner_stand_in: true, actions: ['Decline', 'SendToAuthors'] });
    const copy = await onlyTask(a.outsider, d);
    expect(copy).toMatchObject({
      kind: 'Approve',
      for_user_name: 'Cora Owner',
      owner_stand_in: true,
      actions: ['Decline', 'SendToAuthors'],
    });

    const approved = await actOn(a.binderOwner, bos.id, { task_action: 'Approve' });
    expect(approved.statusCode, approved.body).toBe(403);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });

    const sent = await actOn(a.outsider, copy.id, { task_action: 'SendToAuthors' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Authoring, step: null });
    expect(await listed(a.binderOwner, d)).toEqual([]);
    expect(await openTasks(d)).toEqual([{ user_id: w.author.id, kind: 'Author' }]);
  });
});

describe('the people given a stage keep their actions', () => {
  it('a reviewer’s task lists Accept and Decline, an approver’s Approve and Decline, and SendToAuthors is not theirs', async () => {
    const binder = await binderWith([{ userId: w.reviewer.id }], [[{ userId: w.approver1.id }]]);
    const d = await submittedIn(binder, 'Ordinary Sign-offs');
    const review = await onlyTask(a.reviewer, d);
    expect(review).toMatchObject({ kind: 'Review', owner_stand_in: false, actions: ['Accept', 'Decline'] });
    expect(await listed(a.binderOwner, d)).toEqual([]);
    const sent = await actOn(a.reviewer, review.id, { task_action: 'SendToAuthors' });
    expect(sent.statusCode, sent.body).toBe(422);

    expect((await actOn(a.reviewer, review.id, { task_action: 'Accept' })).statusCode).toBe(200);
    expect(await onlyTask(a.approver1, d)).toMatchObject({
      kind: 'Approve',
      owner_stand_in: false,
      actions: ['Approve', 'Decline'],
    });
  });
});
