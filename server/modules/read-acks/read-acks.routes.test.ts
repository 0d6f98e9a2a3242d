import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { tasks } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createGroup, createOrg, createUser } from '../../test/factories';
import { createPublishedPnp } from '../../test/library-factories';
import { body, createAck, publishedPnp, readAckWorld, suffix, urls } from './read-acks-test-setup';

let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const openTasks = (readAckId: number) =>
  withSystem(world.t.deps.database.db, (tx) =>
    tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.readAckId, readAckId), eq(tasks.status, 1))),
  );

describe('read acknowledgement routes: who may call', () => {
  it('401 for every call without a session', async () => {
    const { t } = world;
    const pnp = await publishedPnp(t, world.w);
    const anon = t.anonymous();
    const calls = [
      anon.get(u.base(pnp.id)),
      anon.post(u.base(pnp.id), body()),
      anon.get(`${u.base(pnp.id)}/status_count`),
      anon.get(`${u.base(pnp.id)}/user_has_acknowledged`),
      anon.get(u.one(pnp.id, 1)),
      anon.put(u.one(pnp.id, 1), body()),
      anon.put(u.one(pnp.id, 1, '/cancel')),
      anon.put(u.one(pnp.id, 1, '/close')),
      anon.put(u.one(pnp.id, 1, '/mark_as_read')),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('403 for a reader (Audience) who sees the P&P but may not manage its read acknowledgements', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.admin, u.base(pnp.id), { user_ids: [w.reader.id] });
    const refusals = [
      await a.reader.get(u.base(pnp.id)),
      await a.reader.post(u.base(pnp.id), body({ user_ids: [w.reader.id] })),
      await a.reader.get(`${u.base(pnp.id)}/status_count`),
      await a.reader.get(u.one(pnp.id, ack.id)),
      await a.reader.put(u.one(pnp.id, ack.id), body({ user_ids: [w.reader.id] })),
      await a.reader.put(u.one(pnp.id, ack.id, '/cancel')),
      await a.reader.put(u.one(pnp.id, ack.id, '/close')),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatch(/Only organization administrators/);
    }
    // A binder owner manages but only an org admin closes; a non-reader cannot acknowledge.
    const close = await a.binderOwner.put(u.one(pnp.id, ack.id, '/close'));
    expect(close.statusCode).toBe(403);
    expect(close.json().errors).toEqual(['Only organization administrators can close a read acknowledgement.']);
    const notReader = await a.author.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(notReader.statusCode).toBe(403);
    expect(notReader.json().errors).toEqual(['You are not a reader of this read acknowledgement.']);
    expect((await openTasks(ack.id)).length).toBe(1);
  });

  it('404 with no name for a P&P the caller may not see, an unknown id, or another organisation', async () => {
    const { a, w, t } = world;
    const name = `Secret Policy ${suffix()}`;
    const pnp = await publishedPnp(t, w, name);
    const ack = await createAck(a.admin, u.base(pnp.id), { user_ids: [w.reader.id] });
    const hidden = [
      await a.outsider.get(u.base(pnp.id)),
      await a.outsider.post(u.base(pnp.id), body()),
      await a.outsider.get(`${u.base(pnp.id)}/status_count`),
      await a.outsider.get(`${u.base(pnp.id)}/user_has_acknowledged`),
      await a.outsider.get(u.one(pnp.id, ack.id)),
      await a.outsider.put(u.one(pnp.id, ack.id, '/cancel')),
      await a.outsider.put(u.one(pnp.id, ack.id, '/mark_as_read')),
    ];
    for (const res of hidden) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(name);
      expect(res.json().errors).toEqual(['The P&P was not found.']);
    }
    expect((await a.admin.get(u.one(pnp.id, 999_999))).statusCode).toBe(404);
    // Another P&P's id with this read acknowledgement: not found either.
    const other = await publishedPnp(t, w);
    expect((await a.admin.get(u.one(other.id, ack.id))).json().errors).toEqual([
      'The read acknowledgement was not found.',
    ]);

    const orgB = await createOrg(t.deps);
    const adminB = await createUser(t.deps, orgB.id, { isAdmin: true });
    const b = await t.signIn(adminB.username, adminB.password);
    expect((await b.get(u.base(pnp.id))).statusCode).toBe(404);
    expect((await b.get(u.base(pnp.id, orgB.id))).statusCode).toBe(404);
    expect((await b.put(u.one(pnp.id, ack.id, '/cancel', orgB.id))).statusCode).toBe(404);
    expect((await a.admin.get(u.one(pnp.id, ack.id))).json().read_acknowledgement.status).toBe(1);
  });
});

describe('read acknowledgement routes: input', () => {
  it('422 with the errors listed: no readers, a past due date, unknown ids, names, readers who cannot see it', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const post = (overrides: Record<string, unknown>) => a.policyOwner.post(u.base(pnp.id), body(overrides));
    // policyOwner is an Author only: 403. The binder owner (BO) creates below.
    expect((await post({ user_ids: [w.reader.id] })).statusCode).toBe(403);
    const bo = (overrides: Record<string, unknown>) => a.binderOwner.post(u.base(pnp.id), body(overrides));
    const errs = async (overrides: Record<string, unknown>) => {
      const res = await bo(overrides);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as string[];
    };
    expect(await errs({})).toEqual(['Choose at least one reader: a user or a group.']);
    expect(await errs({ user_ids: [w.reader.id], due_date: '2026-06-09' })).toEqual([
      'Due date must be today or later.',
    ]);
    expect(await errs({ user_ids: [w.reader.id], due_date: '2026-02-30' })).toEqual([
      'Due date must be a real calendar date written as yyyy-mm-dd.',
    ]);
    expect(await errs({ user_ids: [w.reader.id, 987_654], group_ids: [876_543] })).toEqual([
      'These users were not found: 987654.',
      'These groups were not found: 876543.',
    ]);
    expect(await errs({ user_ids: [w.outsider.id] })).toEqual([
      `${w.outsider.name} cannot see this P&P: give them a role on it first.`,
    ]);
    const strangers = await createGroup(t.deps, w.org.id, [w.outsider.id]);
    expect(await errs({ group_ids: [strangers.id] })).toEqual([
      `None of the members of ${strangers.name} can see this P&P: give the group a role on it first.`,
    ]);
    const empty = await createGroup(t.deps, w.org.id, []);
    expect(await errs({ group_ids: [empty.id] })).toEqual([
      'The chosen groups have no active members yet: choose at least one reader who can see this P&P.',
    ]);
    expect((await errs({ name: '', user_ids: [w.reader.id] }))[0]).toBe('Name is required.');
    expect(await errs({ name: 'A <b> name', user_ids: [w.reader.id] })).toEqual(['Name must not contain < or >.']);
    expect(await errs({ name: 'x'.repeat(256), user_ids: [w.reader.id] })).toEqual([
      'Name must be at most 255 characters.',
    ]);
    expect((await bo({ user_ids: 'everyone' })).statusCode).toBe(422);
    const taken = await createAck(a.binderOwner, u.base(pnp.id), { name: 'Yearly read', user_ids: [w.reader.id] });
    expect(await errs({ name: 'yearly READ', user_ids: [w.reader.id] })).toEqual([
      "An Active read acknowledgement of this P&P is already named 'yearly READ'.",
    ]);
    expect((await a.binderOwner.get(`${u.base(pnp.id)}?status=7`)).statusCode).toBe(422);
    const edit = await a.binderOwner.put(u.one(pnp.id, taken.id), body({ user_ids: [], group_ids: [] }));
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual(['Choose at least one reader: a user or a group.']);

    // A P&P never published has no version to acknowledge.
    const draft = await createPublishedPnp(t.deps, w.org.id, w.folder.id, { status: 1, versionStatus: 1 });
    const res = await a.admin.post(u.base(draft.id), body({ user_ids: [w.reader.id] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Read acknowledgements can be asked only for a published P&P.']);
  });
});

describe('read acknowledgement routes: create, list, edit, cancel, close', () => {
  it('creates one Acknowledge task per reader (groups expanded) on the Active version and lists the readers', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const group = await createGroup(t.deps, w.org.id, [w.reader.id, w.approver1.id]);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.author.id], group_ids: [group.id] });
    expect(ack).toMatchObject({ status: 1, document_id: pnp.versionId });
    const open = await openTasks(ack.id);
    expect(open.map((x) => x.userId).sort()).toEqual([w.author.id, w.reader.id, w.approver1.id].sort());
    for (const task of open)
      expect(task).toMatchObject({ kind: 'Acknowledge', documentId: pnp.versionId, pnpId: pnp.id });

    const list = (await a.binderOwner.get(`${u.base(pnp.id)}?status=1`)).json();
    expect(list.can_create).toBe(true);
    expect(list.read_acknowledgements).toHaveLength(1);
    expect(list.read_acknowledgements[0]).toMatchObject({
      readers_total: 3,
      readers_completed: 0,
      user_ids: [w.author.id],
      groups: [{ id: group.id, name: group.name }],
      version_number: 1,
      abilities: ['edit', 'cancel'],
      status_label: 'Active',
    });
    expect((await a.binderOwner.get(`${u.base(pnp.id)}?status=2`)).json().read_acknowledgements).toEqual([]);
    expect((await a.admin.get(u.one(pnp.id, ack.id))).json().read_acknowledgement.abilities).toEqual([
      'edit',
      'cancel',
      'close',
    ]);
    expect((await a.admin.get(`${u.base(pnp.id)}/status_count`)).json()).toEqual({ active: 1, closed: 0, canceled: 0 });
  });

  it('edit adds and removes readers with their tasks; cancel closes the open tasks; nothing changes afterwards', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.admin, u.base(pnp.id), { user_ids: [w.reader.id, w.author.id] });
    const edited = await a.admin.put(
      u.one(pnp.id, ack.id),
      body({ name: 'Renamed read', due_date: '2026-08-01', user_ids: [w.reader.id, w.reviewer.id] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().read_acknowledgement).toMatchObject({ name: 'Renamed read', due_date: '2026-08-01' });
    const open = await openTasks(ack.id);
    expect(open.map((x) => x.userId).sort()).toEqual([w.reader.id, w.reviewer.id].sort());
    expect(open.every((x) => x.dueDt === '2026-08-01')).toBe(true);

    const cancelled = await a.binderOwner.put(u.one(pnp.id, ack.id, '/cancel'));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().read_acknowledgement).toMatchObject({ status: 3, status_label: 'Canceled', abilities: [] });
    expect(await openTasks(ack.id)).toEqual([]);
    const closedTasks = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(tasks).where(eq(tasks.readAckId, ack.id)),
    );
    expect(
      closedTasks
        .filter((x) => x.status === 3)
        .map((x) => x.userId)
        .sort(),
    ).toEqual([w.reader.id, w.reviewer.id, w.author.id].sort());
    const again = await a.admin.put(u.one(pnp.id, ack.id), body({ user_ids: [w.reader.id] }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(['Only an Active read acknowledgement can be changed: this one is Canceled.']);
    expect((await a.admin.put(u.one(pnp.id, ack.id, '/close'))).statusCode).toBe(422);
    expect((await a.admin.get(`${u.base(pnp.id)}/status_count`)).json()).toEqual({ active: 0, closed: 0, canceled: 1 });
  });

  it('an org admin closes an Active one before everyone has read it: the open tasks are closed', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id] });
    const closed = await a.admin.put(u.one(pnp.id, ack.id, '/close'));
    expect(closed.statusCode).toBe(200);
    expect(closed.json().read_acknowledgement).toMatchObject({ status: 2, status_label: 'Closed' });
    expect(closed.json().read_acknowledgement.closed_at).toBe(t.clock.now().toISOString());
    expect(await openTasks(ack.id)).toEqual([]);
    const mark = await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(mark.statusCode).toBe(422);
    expect(mark.json().errors).toEqual([
      'Only an Active read acknowledgement can be acknowledged: this one is Closed.',
    ]);
  });
});
