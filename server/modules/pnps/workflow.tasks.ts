import { and, eq, inArray, sql } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, TaskKind, TaskStatus } from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { tasks } from '../../db/schema/index';
import { withRole, type Assignee, type PnpPeople } from './participants';
import { signOffHolding } from './sign-off-holding';

/** The workflow task kinds (product rules 'Tasks'); Acknowledge and PendingRevision belong elsewhere. */
const WORKFLOW_KINDS: string[] = [TaskKind.Author, TaskKind.Review, TaskKind.Approve, TaskKind.Publish];

interface Expected {
  userId: number;
  kind: string;
  step: number | null;
  /** An Owner holding a Review or Approve task in place of people who have all left (tasks.owner_stand_in). */
  ownerStandIn: boolean;
}

export interface StageSnapshot {
  stage: number | null;
  step: number | null;
  /** Users who already accepted (Reviewing) or approved the current step (Approving). */
  signedOff: readonly number[];
}

const usersOf = (list: Assignee[]): number[] => [...new Set(list.map((a) => a.user_id))];

/**
 * Who should hold an open task while a draft sits in a stage: the one decision every resync of the
 * draft's tasks makes (a stage's move, a change of the people, a user leaving).
 */
export function expectedTasks(snapshot: StageSnapshot, people: PnpPeople): Expected[] {
  const owners = usersOf(withRole(people.assignees, ObjectRole.Owner));
  switch (snapshot.stage) {
    case DraftStage.Authoring: {
      const authors = usersOf(withRole(people.assignees, ObjectRole.Author));
      const to = authors.length > 0 ? authors : owners;
      return to.map((userId) => ({ userId, kind: TaskKind.Author, step: null, ownerStandIn: false }));
    }
    case DraftStage.Reviewing:
    case DraftStage.Approving: {
      const holding = signOffHolding(people, { stage: snapshot.stage, step: snapshot.step });
      // Owners standing in for people who all left hold it whatever those people had signed off.
      const to = holding.ownersStandIn ? owners : holding.holders.filter((u) => !snapshot.signedOff.includes(u));
      const reviewing = snapshot.stage === DraftStage.Reviewing;
      const kind = reviewing ? TaskKind.Review : TaskKind.Approve;
      const step = reviewing ? null : snapshot.step;
      return to.map((userId) => ({ userId, kind, step, ownerStandIn: holding.ownersStandIn }));
    }
    case DraftStage.Publishing:
      return owners.map((userId) => ({ userId, kind: TaskKind.Publish, step: null, ownerStandIn: false }));
    default:
      return [];
  }
}

/**
 * Marks a person-slot's open task of a kind as done by an action: the slot holder's own task and a
 * delegate's copy of it (ADR 0011), whoever of them acted (`by`). On behalf: the approver's slot.
 */
export async function completeTask(
  db: Executor,
  orgId: number,
  documentId: number,
  kind: string,
  userId: number,
  by: number,
  now: Date,
): Promise<void> {
  await db
    .update(tasks)
    .set({ status: TaskStatus.Completed, completedAt: now, completedBy: by, updatedAt: now })
    .where(
      and(
        eq(tasks.orgId, orgId),
        eq(tasks.documentId, documentId),
        eq(tasks.kind, kind),
        sql`((${tasks.userId} = ${userId} and delegated_from is null) or delegated_from = ${userId})`,
        eq(tasks.status, TaskStatus.Open),
      ),
    );
}

/**
 * Makes the open workflow tasks of a draft match its stage: tasks nobody should hold any more are
 * closed (someone else declined, the stage moved on, a user lost the role), missing ones are opened,
 * as `expectedTasks` decides (the Owners standing in for a stage whose people all left, too). A task
 * kept open records whether its holder stands in, and that is brought up to date too (an Owner given
 * the stage while standing in for it keeps the task as one of its people): the tasks list offers
 * its actions from it.
 * One open task per (user, version, kind) is kept by the database's unique index. A delegate's copy
 * (ADR 0011) stands for its away user's slot: it stays while that slot is expected and closes with it;
 * new tasks reach delegates through the database's routing trigger.
 */
export async function syncStageTasks(
  db: Executor,
  orgId: number,
  pnpId: number,
  documentId: number,
  snapshot: StageSnapshot,
  people: PnpPeople,
  now: Date,
): Promise<void> {
  const expected = expectedTasks(snapshot, people);
  const open = await db
    .select({
      id: tasks.id,
      userId: tasks.userId,
      kind: tasks.kind,
      step: tasks.approvalStep,
      delegatedFrom: sql<number | null>`delegated_from`,
      ownerStandIn: tasks.ownerStandIn,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.orgId, orgId),
        eq(tasks.documentId, documentId),
        eq(tasks.status, TaskStatus.Open),
        inArray(tasks.kind, WORKFLOW_KINDS),
      ),
    );
  const slotOf = (t: { userId: number; delegatedFrom: number | null }): number => t.delegatedFrom ?? t.userId;
  const expectedOf = (t: (typeof open)[number]): Expected | undefined =>
    expected.find((e) => e.userId === slotOf(t) && e.kind === t.kind && e.step === t.step);
  const stale = open.filter((t) => !expectedOf(t)).map((t) => t.id);
  // A delegate's copy is kept with its slot's task, so both are restamped alike.
  const restamped = open.filter((t) => {
    const e = expectedOf(t);
    return e !== undefined && e.ownerStandIn !== t.ownerStandIn;
  });
  const own = open.filter((t) => t.delegatedFrom === null);
  if (stale.length > 0) {
    await db
      .update(tasks)
      .set({ status: TaskStatus.Closed, updatedAt: now })
      .where(and(eq(tasks.orgId, orgId), inArray(tasks.id, stale)));
  }
  // A kept task's record of whether its holder stands in follows the stage (mostly nothing to change).
  for (const ownerStandIn of [true, false]) {
    const ids = restamped.filter((t) => expectedOf(t)?.ownerStandIn === ownerStandIn).map((t) => t.id);
    if (ids.length === 0) continue;
    await db
      .update(tasks)
      .set({ ownerStandIn, updatedAt: now })
      .where(and(eq(tasks.orgId, orgId), inArray(tasks.id, ids)));
  }
  const missing = expected.filter(
    (e) => !own.some((t) => t.userId === e.userId && t.kind === e.kind && t.step === e.step),
  );
  if (missing.length > 0) {
    await db
      .insert(tasks)
      .values(
        missing.map((e) => ({
          orgId,
          userId: e.userId,
          kind: e.kind,
          pnpId,
          documentId,
          approvalStep: e.step,
          ownerStandIn: e.ownerStandIn,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Closes every open task of a version (draft cancelled) or of a whole P&P (retired). */
export async function closeOpenTasks(
  db: Executor,
  orgId: number,
  scope: { documentId: number } | { pnpId: number },
  now: Date,
): Promise<void> {
  const where = 'documentId' in scope ? eq(tasks.documentId, scope.documentId) : eq(tasks.pnpId, scope.pnpId);
  await db
    .update(tasks)
    .set({ status: TaskStatus.Closed, updatedAt: now })
    .where(and(eq(tasks.orgId, orgId), where, eq(tasks.status, TaskStatus.Open)));
}

/**
 * A review started or extended answers the P&P's 'Start Review or Extend' reminder: the one who
 * acted completes theirs, the other owners' and authors' reminders are closed (their stage was
 * left another way: product rules 'Tasks').
 */
export async function completePendingRevision(
  db: Executor,
  orgId: number,
  pnpId: number,
  by: number,
  now: Date,
): Promise<void> {
  const open = and(
    eq(tasks.orgId, orgId),
    eq(tasks.pnpId, pnpId),
    eq(tasks.kind, TaskKind.PendingRevision),
    eq(tasks.status, TaskStatus.Open),
  );
  await db
    .update(tasks)
    .set({ status: TaskStatus.Completed, completedAt: now, completedBy: by, updatedAt: now })
    .where(and(open, eq(tasks.userId, by)));
  await db.update(tasks).set({ status: TaskStatus.Closed, updatedAt: now }).where(open);
}
