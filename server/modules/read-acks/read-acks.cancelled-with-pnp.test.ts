import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { changeLogs } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import type { Agent } from '../../test/harness';
import { createPnpFromDocx } from '../../test/pnp-factories';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

/**
 * The read acknowledgements that publishing a revision or retiring the P&P cancels are logged as
 * one cancelled from its own screen is: an entry each, by the person who published or retired.
 */
let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const cancelEntriesOf = (readAckIds: number[]) =>
  withSystem(world.t.deps.database.db, (tx) =>
    tx
      .select()
      .from(changeLogs)
      .where(
        and(
          eq(changeLogs.objectType, 'ReadAcknowledgement'),
          inArray(changeLogs.objectId, readAckIds),
          eq(changeLogs.actionName, 'Cancel'),
        ),
      )
      .orderBy(asc(changeLogs.objectId), asc(changeLogs.id)),
  );

/** Takes a draft of the workflow org through review and approval, and publishes it as the binder owner. */
async function publish(pnpId: number, docId: number): Promise<void> {
  const { a, w } = world;
  const url = `/api/o/${w.org.id}/pnp_documents/${docId}/workflow?pnp_id=${pnpId}`;
  const act = (agent: Agent, b: Record<string, unknown>) => agent.post(url, b);
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
}

describe('read acknowledgements cancelled by publishing a revision', () => {
  it('each gets a Cancel entry by the publisher, in the shape of an explicit cancel; ended ones get none', async () => {
    const { a, w, t } = world;
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `Revised ${Date.now()}`);
    const pnpId = created.pnp.id;
    const v1 = created.pnp_document.id;
    await publish(pnpId, v1);
    const first = await createAck(a.admin, u.base(pnpId), { name: 'Night shift read', user_ids: [w.reader.id] });
    const second = await createAck(a.admin, u.base(pnpId), { name: 'Day shift read', user_ids: [w.author.id] });
    const cancelled = await createAck(a.admin, u.base(pnpId), { user_ids: [w.reader.id] });
    const closed = await createAck(a.admin, u.base(pnpId), { user_ids: [w.reader.id] });
    expect((await a.admin.put(u.one(pnpId, cancelled.id, '/cancel'))).statusCode).toBe(200);
    expect((await a.admin.put(u.one(pnpId, closed.id, '/close'))).statusCode).toBe(200);
    const [explicit] = await cancelEntriesOf([cancelled.id]);

    const revision = await a.author.post(`/api/o/${w.org.id}/pnp_documents/${v1}/start_revision?pnp_id=${pnpId}`, {});
    expect(revision.statusCode, revision.body).toBe(201);
    t.clock.advance(60_000);
    await publish(pnpId, revision.json().pnp_document.id as number);

    const entries = await cancelEntriesOf([first.id, second.id, cancelled.id, closed.id]);
    expect(entries.map((e) => [e.objectId, e.objectName])).toEqual([
      [first.id, 'Night shift read'],
      [second.id, 'Day shift read'],
      [cancelled.id, explicit!.objectName],
    ]);
    for (const entry of entries.filter((e) => e.objectId !== cancelled.id)) {
      expect(entry).toMatchObject({
        createdByUserId: w.binderOwner.id,
        createdByUser: w.binderOwner.name,
        createdByEmail: w.binderOwner.email,
        sudoerName: null,
        createdAt: t.clock.now(),
        deltas: {
          changed: (explicit!.deltas as { changed: unknown }).changed,
          comment: 'Cancelled because a new version was published.',
        },
      });
    }
    expect(explicit!.deltas).toEqual({ changed: { status: ['Active', 'Canceled'] } });
    expect((await a.admin.get(`${u.base(pnpId)}/status_count`)).json()).toEqual({ active: 0, closed: 1, canceled: 3 });
  });
});

describe('read acknowledgements cancelled by retiring the P&P', () => {
  it('each Active one gets a Cancel entry by the person who retired it', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const first = await createAck(a.binderOwner, u.base(pnp.id), { name: 'Annual read', user_ids: [w.reader.id] });
    const second = await createAck(a.binderOwner, u.base(pnp.id), { name: 'New staff read', user_ids: [w.author.id] });
    t.clock.advance(60_000);
    const retired = await a.admin.put(`/api/o/${w.org.id}/pnps/retire`, { id: pnp.id, retire_reason: 'Superseded.' });
    expect(retired.statusCode, retired.body).toBe(200);

    const entries = await cancelEntriesOf([first.id, second.id]);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.objectName)).toEqual(['Annual read', 'New staff read']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        createdByUserId: w.admin.id,
        createdByUser: w.admin.name,
        createdAt: t.clock.now(),
        deltas: {
          changed: { status: ['Active', 'Canceled'] },
          comment: 'Cancelled because the P&P was retired.',
        },
      });
    }
  });
});
