import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { groupMemberships, readAckReaders, readAcknowledgements, tasks } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../../shared/api/errors';
import { createGroup, createStaff, createUser } from '../../test/factories';
import { hashToken, insertSession, newToken } from '../auth/sessions.repo';
import type { Agent } from '../../test/harness';
import { createPnpFromDocx } from '../../test/pnp-factories';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const db = () => world.t.deps.database.db;
const tasksOf = (readAckId: number) =>
  withSystem(db(), (tx) => tx.select().from(tasks).where(eq(tasks.readAckId, readAckId)));
const statusOf = async (readAckId: number) =>
  (
    await withSystem(db(), (tx) => tx.select().from(readAcknowledgements).where(eq(readAcknowledgements.id, readAckId)))
  )[0]!.status;

describe('mark_as_read', () => {
  it('is refused until the reader opens the current version, then records version, time and reader; the last reader closes it', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    // An opening before the request does not count: the reader must open it again.
    expect((await a.reader.get(u.library(pnp.id))).statusCode).toBe(200);
    t.clock.advance(60_000);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id, w.approver1.id] });

    let pending = (await a.reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json();
    expect(pending).toMatchObject({
      pending: true,
      acknowledged: false,
      read_acknowledgement_id: ack.id,
      opened: false,
    });
    const early = await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual(['Open the document and read it before you acknowledge it.']);
    expect((await tasksOf(ack.id)).filter((x) => x.status === 1)).toHaveLength(2);

    t.clock.advance(60_000);
    const openedAt = t.clock.now().toISOString();
    expect((await a.reader.get(u.library(pnp.id))).statusCode).toBe(200);
    pending = (await a.reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json();
    expect(pending).toMatchObject({ pending: true, opened: true, document_id: pnp.versionId });
    t.clock.advance(60_000);
    const done = await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      read_acknowledgement_id: ack.id,
      status: 1,
      status_label: 'Active',
      acknowledged_at: t.clock.now().toISOString(),
      acknowledged_document_id: pnp.versionId,
      opened_at: openedAt,
    });
    const readerTask = (await tasksOf(ack.id)).find((x) => x.userId === w.reader.id)!;
    expect(readerTask).toMatchObject({ status: 2, completedBy: w.reader.id });
    const twice = await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual(['You have already acknowledged this read acknowledgement.']);
    expect((await a.reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json()).toMatchObject({
      pending: false,
      acknowledged: true,
      read_acknowledgement_id: null,
    });

    const detail = (await a.admin.get(u.one(pnp.id, ack.id))).json().read_acknowledgement;
    expect(detail).toMatchObject({ readers_total: 2, readers_completed: 1, status: 1 });
    expect(detail.readers.find((r: { user_id: number }) => r.user_id === w.reader.id)).toMatchObject({
      name: w.reader.name,
      completion: 1,
      acknowledged_at: t.clock.now().toISOString(),
      opened_at: openedAt,
      acknowledged_document_id: pnp.versionId,
      acknowledged_version_number: 1,
    });

    await a.approver1.get(u.library(pnp.id));
    expect((await a.approver1.put(u.one(pnp.id, ack.id, '/mark_as_read'))).json()).toMatchObject({
      status: 2,
      status_label: 'Closed',
    });
    expect((await a.admin.get(`${u.base(pnp.id)}?status=2`)).json().read_acknowledgements[0]).toMatchObject({
      id: ack.id,
      readers_completed: 2,
      closed_at: t.clock.now().toISOString(),
    });
  });
});

describe('mark_as_read in a login-as session', () => {
  it('is refused: provider staff signed in as the reader cannot acknowledge for them', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.admin, u.base(pnp.id), { user_ids: [w.reader.id] });
    const staff = await createStaff(t.deps);
    const token = newToken();
    const csrf = newToken();
    const now = t.clock.now();
    await insertSession(db(), {
      id: hashToken(token),
      kind: 'org',
      orgId: w.org.id,
      userId: w.reader.id,
      hstmUserId: null,
      sudoerId: staff.id,
      csrfToken: csrf,
      idleTimeoutMinutes: 30,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const sudo = t.anonymous();
    sudo.cookies[SESSION_COOKIE] = token;
    sudo.cookies[CSRF_COOKIE] = csrf;
    expect((await sudo.get(u.library(pnp.id))).statusCode).toBe(200);
    expect((await sudo.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json()).toMatchObject({ pending: true });
    const res = await sudo.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([
      'Only the reader can acknowledge a read acknowledgement, not someone signed in as them.',
    ]);
    expect((await tasksOf(ack.id))[0]).toMatchObject({ status: 1 });
  });
});

describe('later joiners of a reader group (database trigger)', () => {
  it('a user added to a reader group while it is Active gets the reader row and an Acknowledge task; not after it ends', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const group = await createGroup(t.deps, w.org.id, [w.reader.id]);
    const ack = await createAck(a.admin, u.base(pnp.id), { group_ids: [group.id] });
    expect((await tasksOf(ack.id)).map((x) => x.userId)).toEqual([w.reader.id]);

    // Approver 1 sees the P&P (binder grant); the outsider does not and gets nothing.
    await withSystem(db(), (tx) =>
      tx.insert(groupMemberships).values([
        { orgId: w.org.id, groupId: group.id, userId: w.approver1.id },
        { orgId: w.org.id, groupId: group.id, userId: w.outsider.id },
      ]),
    );
    const after = await tasksOf(ack.id);
    expect(after.map((x) => x.userId).sort()).toEqual([w.reader.id, w.approver1.id].sort());
    expect(after.find((x) => x.userId === w.approver1.id)).toMatchObject({
      kind: 'Acknowledge',
      status: 1,
      documentId: pnp.versionId,
      pnpId: pnp.id,
      dueDt: '2026-07-01',
    });
    const readers = await withSystem(db(), (tx) =>
      tx
        .select()
        .from(readAckReaders)
        .where(and(eq(readAckReaders.readAckId, ack.id), eq(readAckReaders.userId, w.approver1.id))),
    );
    expect(readers).toMatchObject([{ viaGroupId: group.id, completion: 0 }]);
    expect((await a.admin.get(u.one(pnp.id, ack.id))).json().read_acknowledgement.readers_total).toBe(2);

    expect((await a.admin.put(u.one(pnp.id, ack.id, '/cancel'))).statusCode).toBe(200);
    await withSystem(db(), (tx) =>
      tx.insert(groupMemberships).values({ orgId: w.org.id, groupId: group.id, userId: w.author.id }),
    );
    expect((await tasksOf(ack.id)).some((x) => x.userId === w.author.id)).toBe(false);

    // An inactive user joining gets nothing either.
    const ack2 = await createAck(a.admin, u.base(pnp.id), { group_ids: [group.id] });
    const inactive = await createUser(t.deps, w.org.id, { status: 2 });
    await withSystem(db(), (tx) =>
      tx.insert(groupMemberships).values({ orgId: w.org.id, groupId: group.id, userId: inactive.id }),
    );
    expect((await tasksOf(ack2.id)).some((x) => x.userId === inactive.id)).toBe(false);
  });
});

describe('publishing a new version', () => {
  it('does not carry acknowledgements over: the old version’s Active ones are cancelled and their open tasks closed', async () => {
    const { a, w } = world;
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `Revised ${Date.now()}`);
    const pnpId = created.pnp.id;
    const docUrl = (docId: number, tail: string) => `/api/o/${w.org.id}/pnp_documents/${docId}${tail}?pnp_id=${pnpId}`;
    const publish = async (docId: number) => {
      const act = (agent: Agent, b: Record<string, unknown>) => agent.post(docUrl(docId, '/workflow'), b);
      expect((await act(a.author, { action: 'submit' })).statusCode).toBe(200);
      expect((await act(a.reviewer, { action: 'accept_review' })).statusCode).toBe(200);
      expect((await act(a.approver1, { action: 'approve' })).statusCode).toBe(200);
      const res = await act(a.binderOwner, {
        action: 'publish',
        effective_dt: '2026-06-01',
        review_cycle_years: 2,
        reminder_days: 60,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const v1 = created.pnp_document.id;
    await publish(v1);
    const ack = await createAck(a.binderOwner, u.base(pnpId), { user_ids: [w.reader.id, w.author.id] });
    await a.reader.get(u.library(pnpId));
    expect((await a.reader.put(u.one(pnpId, ack.id, '/mark_as_read'))).statusCode).toBe(200);

    const revision = await a.author.post(docUrl(v1, '/start_revision'), {});
    expect(revision.statusCode, revision.body).toBe(201);
    const v2 = revision.json().pnp_document.id as number;
    await publish(v2);

    expect(await statusOf(ack.id)).toBe(3);
    const all = await tasksOf(ack.id);
    expect(all.find((x) => x.userId === w.author.id)).toMatchObject({ status: 3 });
    expect(all.find((x) => x.userId === w.reader.id)).toMatchObject({ status: 2 });
    const detail = (await a.admin.get(u.one(pnpId, ack.id))).json().read_acknowledgement;
    expect(detail.readers.find((r: { user_id: number }) => r.user_id === w.reader.id)).toMatchObject({
      completion: 1,
      acknowledged_document_id: v1,
      acknowledged_version_number: 1,
    });
    expect((await a.author.get(`${u.base(pnpId)}/user_has_acknowledged`)).json().pending).toBe(false);
    // A new request is for the new version.
    const next = await createAck(a.binderOwner, u.base(pnpId), { user_ids: [w.author.id] });
    expect(next.document_id).toBe(v2);
  });
});
