import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitWithNextStatement, deferPrologue, nameStatementsOf, takeCommitted } from './named-statements';

/**
 * A transaction's prologue rides with its first statement in one round trip (prologue-query.ts), on
 * PostgreSQL: the statement runs only when the prologue took, and pg's record of which statements
 * a connection has parsed stays true whichever part fails.
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('a prologue and its statement in one round trip', () => {
  let client: pg.Client;
  let roundTrips = 0;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
    nameStatementsOf(client);
    // Each answered batch ends with one ReadyForQuery: counting them counts round trips.
    (client as unknown as { connection: { on(event: string, fn: () => void): void } }).connection.on(
      'readyForQuery',
      () => {
        roundTrips += 1;
      },
    );
    await client.query('create temporary table prologue_rows (x int)');
    await client.query('create temporary table deferred_rows (x int unique deferrable initially deferred)');
  });
  afterAll(async () => client.end());
  beforeEach(async () => {
    // A query that failed rejected when its error arrived; its ReadyForQuery may come in a later
    // packet (a busy machine). pg sends the next query only after it, so one round trip here counts
    // it before a test starts counting its own. A failed test's committed mark must not leak either.
    takeCommitted(client);
    await client.query('select 1');
  });

  const trips = async <T>(fn: () => Promise<T>): Promise<{ result: T; trips: number }> => {
    const before = roundTrips;
    const result = await fn();
    return { result, trips: roundTrips - before };
  };
  // A query fails when its error arrives, before the ReadyForQuery that tells the transaction's
  // state: after a failure, the state is read from what the next statement meets.
  const expectFailedTransaction = () =>
    expect(client.query('select 1')).rejects.toThrow(/current transaction is aborted/);
  const expectNoTransaction = async () => {
    await client.query('select 1');
    expect(client.getTransactionStatus()).toBe('I');
  };
  const rowsInTable = async () =>
    (await client.query<{ n: number }>('select count(*)::int as n from prologue_rows')).rows[0]!.n;

  it('runs the statement after the prologue, inside its transaction, in one round trip', async () => {
    deferPrologue(client, ['begin', "select set_config('app.org_id', '7', true)"]);
    const { result, trips: sent } = await trips(() =>
      client.query<{ org: string; y: number; open: boolean }>(
        { text: "select current_setting('app.org_id') as org, $1::int as y, now() <> statement_timestamp() as open" },
        [41],
      ),
    );
    expect(sent).toBe(1);
    expect(result.rows).toEqual([{ org: '7', y: 41, open: true }]);
    expect(client.getTransactionStatus()).toBe('T');
    await client.query('commit');
    // The setting was the transaction's own.
    const after = await client.query<{ org: string | null }>("select current_setting('app.org_id', true) as org");
    expect(after.rows[0]!.org ?? '').toBe('');
  });

  it('keeps the rows of pg row modes and types as the statement asked', async () => {
    deferPrologue(client, ['begin', 'set local plan_cache_mode = force_generic_plan']);
    const result = await client.query({ text: 'select $1::int as a, $2::text as b', rowMode: 'array' }, [1, 'two']);
    expect(result.rows).toEqual([[1, 'two']]);
    expect(result.fields.map((f) => f.name)).toEqual(['a', 'b']);
    await client.query('commit');
  });

  it('never runs the statement when the prologue fails, and the statement runs later as usual', async () => {
    const insert = { text: 'insert into prologue_rows (x) values ($1::int)' };
    // First before the connection has parsed the statement, then after it has.
    for (let round = 0; round < 2; round += 1) {
      deferPrologue(client, ['begin', 'set local role no_such_role_here']);
      await expect(client.query(insert, [1])).rejects.toThrow(/no_such_role_here/);
      await client.query('rollback');
      expect(await rowsInTable()).toBe(0);
      // The name pg keeps for the statement matches what the server holds: it runs, then runs again.
      await client.query('begin');
      await client.query(insert, [2]);
      await client.query(insert, [3]);
      await client.query('rollback');
    }
  });

  it('fails the statement alone when it fails after the prologue took, and it runs again after', async () => {
    const divide = { text: 'select 10 / $1::int as q' };
    deferPrologue(client, ['begin']);
    await expect(client.query(divide, [0])).rejects.toThrow(/division by zero/);
    await expectFailedTransaction();
    await client.query('rollback');
    deferPrologue(client, ['begin']);
    expect((await client.query(divide, [5])).rows).toEqual([{ q: 2 }]);
    await client.query('commit');

    const broken = { text: 'selec $1::int' };
    deferPrologue(client, ['begin']);
    await expect(client.query(broken, [1])).rejects.toThrow(/syntax error/);
    await client.query('rollback');
    await expect(client.query(broken, [1])).rejects.toThrow(/syntax error/);
  });

  it('commits with the final statement in the same round trip, and nothing may follow it', async () => {
    const insert = { text: 'insert into prologue_rows (x) values ($1::int) returning x' };
    deferPrologue(client, ['begin', "select set_config('app.org_id', '7', true)"]);
    commitWithNextStatement(client);
    const { result, trips: sent } = await trips(() => client.query<{ x: number }>(insert, [5]));
    expect(sent).toBe(1);
    expect(result.rows).toEqual([{ x: 5 }]);
    expect(client.getTransactionStatus()).toBe('I');
    await expect(client.query({ text: 'select $1::int' }, [1])).rejects.toThrow(/committed with its final statement/);
    expect(takeCommitted(client)).toBe(true);
    expect(await rowsInTable()).toBe(1);
    // The transaction's setting ended with it.
    const after = await client.query<{ org: string | null }>("select current_setting('app.org_id', true) as org");
    expect(after.rows[0]!.org ?? '').toBe('');

    // After a prologue sent earlier: the statement and its COMMIT alone.
    deferPrologue(client, ['begin']);
    await client.query(insert, [6]);
    commitWithNextStatement(client);
    expect((await trips(() => client.query(insert, [7]))).trips).toBe(1);
    expect(client.getTransactionStatus()).toBe('I');
    expect(takeCommitted(client)).toBe(true);
    expect(await rowsInTable()).toBe(3);
    await client.query('delete from prologue_rows');
  });

  it('never commits a final statement that fails, and fails with a COMMIT that fails', async () => {
    deferPrologue(client, ['begin']);
    await client.query({ text: 'insert into prologue_rows (x) values ($1::int)' }, [1]);
    commitWithNextStatement(client);
    await expect(client.query({ text: 'select 10 / $1::int' }, [0])).rejects.toThrow(/division by zero/);
    await expectFailedTransaction();
    expect(takeCommitted(client)).toBe(false);
    await client.query('rollback');
    expect(await rowsInTable()).toBe(0);

    // The statement succeeds; its COMMIT finds the deferred unique rule broken and rolls back.
    deferPrologue(client, ['begin']);
    commitWithNextStatement(client);
    await expect(
      client.query({ text: 'insert into deferred_rows (x) values ($1::int), ($1::int)' }, [3]),
    ).rejects.toThrow(/duplicate key/);
    await expectNoTransaction();
    expect(takeCommitted(client)).toBe(false);
    expect((await client.query<{ n: number }>('select count(*)::int as n from deferred_rows')).rows[0]!.n).toBe(0);
  });
});
