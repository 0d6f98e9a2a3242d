import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readAckReaders, readAcknowledgements, tasks } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { seedDemoReadAcks } from '../../seed/demo-read-acks';
import { publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

let world: Awaited<ReturnType<typeof readAckWorld>>;
beforeAll(async () => {
  world = await readAckWorld();
});
afterAll(async () => world.t.close());

describe('the demo read acknowledgement', () => {
  it('is Active on a published P&P with several readers, some done (opened and acknowledged), once', async () => {
    const { t, w, a } = world;
    const pnp = await publishedPnp(t, w);
    const db = t.deps.database.db;
    await withSystem(db, (tx) => seedDemoReadAcks(tx, w.org.id, t.clock.now()));
    await withSystem(db, (tx) => seedDemoReadAcks(tx, w.org.id, t.clock.now()));
    const acks = await withSystem(db, (tx) =>
      tx.select().from(readAcknowledgements).where(eq(readAcknowledgements.orgId, w.org.id)),
    );
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ pnpId: pnp.id, documentId: pnp.versionId, status: 1 });
    const readers = await withSystem(db, (tx) =>
      tx.select().from(readAckReaders).where(eq(readAckReaders.readAckId, acks[0]!.id)),
    );
    expect(readers.length).toBeGreaterThanOrEqual(3);
    const done = readers.filter((r) => r.completion === 1);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(readers.length);
    const open = await withSystem(db, (tx) => tx.select().from(tasks).where(eq(tasks.readAckId, acks[0]!.id)));
    expect(open.filter((x) => x.status === 1).length).toBe(readers.length - done.length);

    // Through the API: the owner's list shows the completion.
    const u = urls(w.org.id);
    const listed = (await a.admin.get(`${u.base(pnp.id)}?status=1`)).json().read_acknowledgements[0];
    expect(listed).toMatchObject({ readers_total: readers.length, readers_completed: done.length });
  });
});
