import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { UserStatus } from '../../../shared/domain/statuses';
import { changeLogs, orgUsers, readAckReaders, tasks } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createGroupVia, updateGroupVia } from '../user-groups/user-groups-test-setup';
import { body, createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

/**
 * One open task per (user, version, kind) (product rules 'Tasks'), for Acknowledge tasks too: a
 * reader whom several Active read acknowledgements of a version ask holds one task, and their one
 * acknowledgement answers all of them (ADR 0032).
 */
let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const db = () => world.t.deps.database.db;

/** The Acknowledge tasks a user holds on a P&P, open or not, oldest first. */
const ackTasksOf = async (userId: number, pnpId: number) =>
  (
    await withSystem(db(), (tx) =>
      tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.userId, userId), eq(tasks.pnpId, pnpId), eq(tasks.kind, 'Acknowledge'))),
    )
  ).sort((x, y) => x.id - y.id);
const openAckTasksOf = async (userId: number, pnpId: number) =>
  (await ackTasksOf(userId, pnpId)).filter((x) => x.status === 1);

const readerRow = async (readAckId: number, userId: number) =>
  (
    await withSystem(db(), (tx) =>
      tx
        .select()
        .from(readAckReaders)
        .where(and(eq(readAckReaders.readAckId, readAckId), eq(readAckReaders.userId, userId))),
    )
  )[0];

const statusOf = async (pnpId: number, id: number): Promise<number> =>
  (await world.a.admin.get(u.one(pnpId, id))).json().read_acknowledgement.status as number;

const edit = async (pnpId: number, id: number, overrides: Record<string, unknown>) => {
  const res = await world.a.admin.put(u.one(pnpId, id), body(overrides));
  expect(res.statusCode, res.body).toBe(200);
};

describe('a reader asked by several Active read acknowledgements of one version', () => {
  it('holds one open Acknowledge task, for the one due first, whichever asked first', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const later = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-07-20' });
    const [task] = await openAckTasksOf(w.reader.id, pnp.id);
    expect(task).toMatchObject({ readAckId: later.id, dueDt: '2026-07-20', documentId: pnp.versionId });

    t.clock.advance(60_000);
    const sooner = await createAck(a.binderOwner, u.base(pnp.id), {
      name: 'Sooner read',
      user_ids: [w.reader.id, w.author.id],
      due_date: '2026-07-01',
    });
    // The same task, now for the read acknowledgement due first: its due date is the reader's.
    expect(await ackTasksOf(w.reader.id, pnp.id)).toMatchObject([
      { id: task!.id, status: 1, readAckId: sooner.id, dueDt: '2026-07-01' },
    ]);
    const listed = (await a.reader.get(`/api/o/${w.org.id}/tasks?kind=Acknowledge&status=1&per_page=100`)).json();
    expect(listed.tasks.filter((x: { pnp_id: number }) => x.pnp_id === pnp.id)).toMatchObject([
      { id: task!.id, read_ack_id: sooner.id, read_ack_name: 'Sooner read', due_dt: '2026-07-01' },
    ]);

    // Moving the later one's due date before the other makes it the one the task stands for.
    await edit(pnp.id, later.id, { name: 'Later read', user_ids: [w.reader.id], due_date: '2026-06-20' });
    expect(await ackTasksOf(w.reader.id, pnp.id)).toMatchObject([
      { id: task!.id, status: 1, readAckId: later.id, dueDt: '2026-06-20' },
    ]);
    expect((await a.reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json()).toMatchObject({
      pending: true,
      read_acknowledgement_id: later.id,
    });
  });

  it('a group joiner and an edit adding a reader who already holds the task add no second one', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [w.author.id] });
    const byName = await createAck(a.admin, u.base(pnp.id), { user_ids: [w.approver1.id] });
    const byGroup = await createAck(a.admin, u.base(pnp.id), { group_ids: [group.id] });
    expect(await openAckTasksOf(w.approver1.id, pnp.id)).toHaveLength(1);
    expect(await openAckTasksOf(w.author.id, pnp.id)).toHaveLength(1);

    // Approver 1 joins the group: a reader of the second one too (the trigger), with the task they hold.
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [w.author.id, w.approver1.id] });
    expect(await readerRow(byGroup.id, w.approver1.id)).toMatchObject({ viaGroupId: group.id, completion: 0 });
    expect(await openAckTasksOf(w.approver1.id, pnp.id)).toHaveLength(1);

    // The author is added by name to the first one.
    await edit(pnp.id, byName.id, { user_ids: [w.approver1.id, w.author.id] });
    expect(await readerRow(byName.id, w.author.id)).toMatchObject({ completion: 0 });
    expect(await ackTasksOf(w.author.id, pnp.id)).toHaveLength(1);
    expect(await openAckTasksOf(w.author.id, pnp.id)).toHaveLength(1);
  });

  it('acknowledges once: every Active one asking them records it, and each closes when complete', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const shared = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id, w.author.id] });
    const own = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id] });
    const early = await a.reader.put(u.one(pnp.id, own.id, '/mark_as_read'));
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual(['Open the document and read it before you acknowledge it.']);

    t.clock.advance(60_000);
    const openedAt = t.clock.now().toISOString();
    expect((await a.reader.get(u.library(pnp.id))).statusCode).toBe(200);
    t.clock.advance(60_000);
    const done = await a.reader.put(u.one(pnp.id, shared.id, '/mark_as_read'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ read_acknowledgement_id: shared.id, status: 1, opened_at: openedAt });

    for (const id of [shared.id, own.id]) {
      expect(await readerRow(id, w.reader.id)).toMatchObject({
        completion: 1,
        acknowledgedDocumentId: pnp.versionId,
        acknowledgedAt: t.clock.now(),
        openedAt: new Date(openedAt),
      });
    }
    // The one the reader alone was asked by is complete; the other still waits for the author.
    expect(await statusOf(pnp.id, own.id)).toBe(2);
    expect(await statusOf(pnp.id, shared.id)).toBe(1);
    expect(await ackTasksOf(w.reader.id, pnp.id)).toMatchObject([{ status: 2, completedBy: w.reader.id }]);
    expect(await openAckTasksOf(w.author.id, pnp.id)).toHaveLength(1);
    expect((await a.reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json()).toMatchObject({
      pending: false,
      acknowledged: true,
    });
    const logged = await withSystem(db(), (tx) =>
      tx
        .select()
        .from(changeLogs)
        .where(and(eq(changeLogs.objectType, 'ReadAcknowledgement'), eq(changeLogs.actionName, 'Acknowledge'))),
    );
    expect(
      logged
        .filter((x) => x.objectId === shared.id || x.objectId === own.id)
        .map((x) => [x.objectId, x.createdByUserId])
        .sort(),
    ).toEqual(
      [
        [shared.id, w.reader.id],
        [own.id, w.reader.id],
      ].sort(),
    );
    const twice = await a.reader.put(u.one(pnp.id, own.id, '/mark_as_read'));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual(['You have already acknowledged this read acknowledgement.']);
  });
});

describe('the one task while read acknowledgements end or lose the reader', () => {
  it('stays open when one is cancelled or closed while another still asks; closes with the last', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const first = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-07-01' });
    const second = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-07-10' });
    const third = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-07-20' });
    const [task] = await openAckTasksOf(w.reader.id, pnp.id);
    expect(task).toMatchObject({ readAckId: first.id });

    expect((await a.binderOwner.put(u.one(pnp.id, first.id, '/cancel'))).statusCode).toBe(200);
    expect(await ackTasksOf(w.reader.id, pnp.id)).toMatchObject([
      { id: task!.id, status: 1, readAckId: second.id, dueDt: '2026-07-10' },
    ]);
    expect((await a.admin.put(u.one(pnp.id, second.id, '/close'))).statusCode).toBe(200);
    expect(await ackTasksOf(w.reader.id, pnp.id)).toMatchObject([
      { id: task!.id, status: 1, readAckId: third.id, dueDt: '2026-07-20' },
    ]);
    expect((await a.binderOwner.put(u.one(pnp.id, third.id, '/cancel'))).statusCode).toBe(200);
    expect(await ackTasksOf(w.reader.id, pnp.id)).toMatchObject([{ id: task!.id, status: 3 }]);
  });

  it('stays open when the reader is taken off one (an edit, leaving its group) while another asks; closes with the last', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [w.author.id, w.approver1.id] });
    const byName = await createAck(a.admin, u.base(pnp.id), {
      user_ids: [w.approver1.id, w.reviewer.id],
      due_date: '2026-07-10',
    });
    const byGroup = await createAck(a.admin, u.base(pnp.id), { group_ids: [group.id], due_date: '2026-07-01' });
    const [task] = await openAckTasksOf(w.approver1.id, pnp.id);
    expect(task).toMatchObject({ readAckId: byGroup.id });

    // Approver 1 leaves the group: no longer a reader of the one due first, still of the other.
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [w.author.id] });
    expect(await readerRow(byGroup.id, w.approver1.id)).toBeUndefined();
    expect(await ackTasksOf(w.approver1.id, pnp.id)).toMatchObject([
      { id: task!.id, status: 1, readAckId: byName.id, dueDt: '2026-07-10' },
    ]);

    // Taken off the other by an edit: nothing asks them any more.
    await edit(pnp.id, byName.id, { user_ids: [w.reviewer.id], due_date: '2026-07-10' });
    expect(await ackTasksOf(w.approver1.id, pnp.id)).toMatchObject([{ id: task!.id, status: 3 }]);

    // The same by edits alone: the reviewer is added to the group's one, then taken off the other.
    await edit(pnp.id, byGroup.id, { group_ids: [group.id], user_ids: [w.reviewer.id], due_date: '2026-07-01' });
    const [reviewerTask] = await openAckTasksOf(w.reviewer.id, pnp.id);
    expect(await ackTasksOf(w.reviewer.id, pnp.id)).toHaveLength(1);
    expect(reviewerTask).toMatchObject({ readAckId: byGroup.id });
    await edit(pnp.id, byName.id, { user_ids: [w.reader.id], due_date: '2026-07-10' });
    expect(await ackTasksOf(w.reviewer.id, pnp.id)).toMatchObject([
      { id: reviewerTask!.id, status: 1, readAckId: byGroup.id },
    ]);
    await edit(pnp.id, byGroup.id, { group_ids: [group.id], user_ids: [], due_date: '2026-07-01' });
    expect(await ackTasksOf(w.reviewer.id, pnp.id)).toMatchObject([{ id: reviewerTask!.id, status: 3 }]);
  });

  it('gives a deactivated reader no task, even with a reader row left from before leavers lost theirs', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const first = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reviewer.id, w.reader.id] });
    await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reviewer.id], due_date: '2026-08-01' });
    expect(await openAckTasksOf(w.reviewer.id, pnp.id)).toHaveLength(1);
    // Deactivated as before leaving took one's pending reader rows away: the task closed, the rows stayed.
    await withSystem(db(), async (tx) => {
      await tx.update(orgUsers).set({ status: UserStatus.Inactive }).where(eq(orgUsers.id, w.reviewer.id));
      await tx
        .update(tasks)
        .set({ status: 3 })
        .where(and(eq(tasks.userId, w.reviewer.id), eq(tasks.pnpId, pnp.id)));
    });

    // The one due first is cancelled: the other still names them, but an inactive user holds no task.
    expect((await a.binderOwner.put(u.one(pnp.id, first.id, '/cancel'))).statusCode).toBe(200);
    expect(await openAckTasksOf(w.reviewer.id, pnp.id)).toEqual([]);
    await withSystem(db(), (tx) =>
      tx.update(orgUsers).set({ status: UserStatus.Active }).where(eq(orgUsers.id, w.reviewer.id)),
    );
  });
});
