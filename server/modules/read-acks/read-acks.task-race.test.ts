import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import { tasks } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { connectBeside } from '../../test/lock-holder';
import { createGroupVia } from '../user-groups/user-groups-test-setup';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

/**
 * A reader's one Acknowledge task (ADR 0032) when two transactions decide it at once: one ends the
 * read acknowledgement their task stands for, the other makes them a reader of another one of the
 * same version by adding them to its group (the membership trigger). `read_ack_sync_tasks` locks the
 * reader's open tasks before it reads them (migration 0056): the second waits for the first and then
 * sees its task closed, so it opens a new one. Without that lock it read the task as still open, made
 * none, and the reader was asked without a task to answer. PostgreSQL only: PGlite has one
 * connection, so two transactions never interleave there.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('two transactions deciding one reader’s Acknowledge task', () => {
  let world: Awaited<ReturnType<typeof readAckWorld>>;
  let ending: pg.Client;
  let joining: pg.Client;

  beforeAll(async () => {
    world = await readAckWorld();
    const db = world.t.deps.database.db;
    [ending, joining] = await Promise.all([connectBeside(db), connectBeside(db)]);
  });
  afterAll(async () => {
    await Promise.all([ending?.end(), joining?.end()]);
    await world.t.close();
  });

  const openAckTasksOf = (userId: number, pnpId: number) =>
    withSystem(world.t.deps.database.db, (tx) =>
      tx
        .select()
        .from(tasks)
        .where(
          and(eq(tasks.userId, userId), eq(tasks.pnpId, pnpId), eq(tasks.kind, 'Acknowledge'), eq(tasks.status, 1)),
        ),
    );

  /**
   * Until `client`'s statement `pending` has either finished or waits for a lock another transaction
   * holds (with the lock in `read_ack_sync_tasks` it waits; without it, it finished at once, having
   * read the ending transaction's task as still open).
   */
  const waitingOrDone = async (client: pg.Client, pending: Promise<unknown>): Promise<void> => {
    const pid = (client as unknown as { processID: number }).processID;
    let done = false;
    void pending.then(
      () => (done = true),
      () => (done = true),
    );
    for (let tries = 0; tries < 200 && !done; tries++) {
      const row = await ending.query<{ waiting: boolean }>(
        `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
        [pid],
      );
      if (row.rows[0]?.waiting) return;
      await sleep(25);
    }
  };

  it('leaves a group’s new member with a task when the one their task stood for ends meanwhile', async () => {
    const { a, w, t } = world;
    const u = urls(w.org.id);
    const reader = w.approver1;
    const pnp = await publishedPnp(t, w);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [w.author.id] });
    const direct = await createAck(a.admin, u.base(pnp.id), { user_ids: [reader.id], due_date: '2026-07-01' });
    const byGroup = await createAck(a.admin, u.base(pnp.id), { group_ids: [group.id], due_date: '2026-07-20' });
    expect(await openAckTasksOf(reader.id, pnp.id)).toMatchObject([{ readAckId: direct.id }]);

    // The first transaction cancels the read acknowledgement the task stands for, as the service
    // does (its status, then the readers' tasks), and holds its locks.
    await ending.query('begin');
    await ending.query(`update read_acknowledgements set status = $1 where id = $2`, [
      ReadAckStatus.Canceled,
      direct.id,
    ]);
    await ending.query(`select read_ack_sync_tasks($1, $2, array[$3::int], now())`, [
      w.org.id,
      direct.document_id,
      reader.id,
    ]);

    // The second adds the reader to the other's group meanwhile: its trigger decides their task.
    await joining.query('begin');
    const joined = joining.query(`insert into group_memberships (org_id, group_id, user_id) values ($1, $2, $3)`, [
      w.org.id,
      group.id,
      reader.id,
    ]);
    await waitingOrDone(joining, joined);
    await ending.query('commit');
    await joined;
    await joining.query('commit');

    const open = await openAckTasksOf(reader.id, pnp.id);
    expect(open).toMatchObject([{ readAckId: byGroup.id, dueDt: '2026-07-20', documentId: direct.document_id }]);
  });
});
