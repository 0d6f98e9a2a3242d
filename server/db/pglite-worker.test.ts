import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyDatabaseError } from '../http/database-errors';
import { pgliteTemplate } from '../test/pglite-template';
import { MAX_NAMED_STATEMENTS } from '../workers/pglite-named-statements';
import { openDatabase, queryRows, type Database } from './client';

// The worker must be invisible to the application: the same rows, the same errors, the same
// transaction semantics as PGlite on the main thread. Each check runs on both and compares.

const probe = pgTable('type_probe', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true, mode: 'date' }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  plain: timestamp({ mode: 'date' }),
  day: date(),
  span: interval(),
  doc: jsonb(),
  big: bigint({ mode: 'number' }),
  amount: numeric(),
  flag: boolean(),
  tags: text().array(),
  stamps: timestamp({ withTimezone: true, mode: 'date' }).array(),
});

const CREATE_PROBE = sql`create table type_probe (
  id int primary key, at timestamptz, at_text timestamptz, plain timestamp, day date, span interval,
  doc jsonb, big bigint, amount numeric, flag boolean, tags text[], stamps timestamptz[])`;

let worker: Database;
let inProcess: Database;

beforeAll(async () => {
  const template = await pgliteTemplate();
  [worker, inProcess] = await Promise.all([
    openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: template }),
    openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: template, inProcess: true }),
  ]);
  for (const { db } of [worker, inProcess]) {
    await db.execute(CREATE_PROBE);
    await db.insert(probe).values([
      {
        id: 1,
        at: new Date('2024-02-29T23:59:58.123Z'),
        atText: '2024-03-01 10:00:00+00',
        plain: new Date('2024-01-02T03:04:05.000Z'),
        day: '2024-12-31',
        span: '1 day 02:03:04',
        doc: { a: [1, 'two', null], nested: { ok: true } },
        big: 9_007_199_254_740_991,
        amount: '12345.678900',
        flag: true,
        tags: ['x', 'y,z', 'quote"d'],
        stamps: [new Date('2024-05-05T05:05:05.000Z')],
      },
      { id: 2 },
    ]);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.close(), inProcess?.close()]);
});

describe('PGlite in its worker answers as PGlite on the main thread does', () => {
  it('maps every column type the same through drizzle (array row mode and parsers)', async () => {
    const fromWorker = await worker.db.select().from(probe).orderBy(probe.id);
    const fromMain = await inProcess.db.select().from(probe).orderBy(probe.id);
    expect(fromWorker).toEqual(fromMain);
    expect(fromWorker[0]!.at).toEqual(new Date('2024-02-29T23:59:58.123Z'));
    expect(fromWorker[0]!.doc).toEqual({ a: [1, 'two', null], nested: { ok: true } });
    expect(fromWorker[1]!.tags).toBeNull();
  });

  it('answers raw SQL (object row mode) with the same values, counts as numbers', async () => {
    const query = sql`select p.*, count(*) over () as total, now() - now() as zero,
                             ${'a'}::text as param, ${'{1,2,3}'}::int[] as ints,
                             '\\x0102'::bytea as bytes, gen_random_uuid() is not null as has_uuid
                        from type_probe p order by id`;
    const fromWorker = await queryRows<Record<string, unknown>>(worker.db, query);
    const fromMain = await queryRows<Record<string, unknown>>(inProcess.db, query);
    expect(fromWorker).toEqual(fromMain);
    expect(fromWorker[0]!.total).toBe(2);
    expect(fromWorker[0]!.bytes).toEqual(new Uint8Array([1, 2]));
  });

  it("keeps PostgreSQL's error fields, so errors are classified as before", async () => {
    const failures = await Promise.all(
      [worker, inProcess].map((d) =>
        d.db
          .insert(probe)
          .values({ id: 1 })
          .then(
            () => null,
            (error: unknown) => error,
          ),
      ),
    );
    const causes = failures.map((error) => (error as { cause: Record<string, unknown> }).cause);
    for (const cause of causes) {
      expect(cause).toMatchObject({
        code: '23505',
        constraint: 'type_probe_pkey',
        table: 'type_probe',
        detail: 'Key (id)=(1) already exists.',
        message: 'duplicate key value violates unique constraint "type_probe_pkey"',
      });
    }
    expect(causes[0]).toBeInstanceOf(Error);
    const nul = await worker.db.execute(sql`select ${'a\u0000b'}::text`).catch((error: unknown) => error);
    expect(classifyDatabaseError(nul)).toEqual({ status: 422, message: expect.any(String) as string });
  });
});

describe('transactions through the worker', () => {
  it('hold the one connection from BEGIN to COMMIT: a statement outside waits for the end', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await worker.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 10 });
      outside = worker.db
        .execute(sql`select count(*)::int as n from type_probe where id = 10`)
        .then((result) => order.push(`outside saw ${(result as { rows: { n: number }[] }).rows[0]!.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`select 1`);
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);
  });

  it('roll back when the callback throws, and a savepoint undoes only its part', async () => {
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 20 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await worker.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 21 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(probe).values({ id: 22 });
          inner.rollback();
        })
        .catch(() => undefined);
    });
    const ids = await queryRows<{ id: number }>(worker.db, sql`select id from type_probe where id >= 20 order by id`);
    expect(ids).toEqual([{ id: 21 }]);
  });

  it('report a failed statement and let the next transaction run', async () => {
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    await expect(worker.db.transaction(async (tx) => tx.execute(sql`select 1 as one`))).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});

describe('parameterised statements run prepared in the worker, as on PostgreSQL', () => {
  const prepared = async (text: string): Promise<number> =>
    (
      await queryRows<{ n: number }>(
        worker.db,
        sql.raw(
          `select count(*)::int as n from pg_prepared_statements where statement = '${text.replace(/'/g, "''")}'`,
        ),
      )
    )[0]!.n;

  it('are parsed once and then only bound and executed, with the same rows each time', async () => {
    const query = sql`select id, ${'x'}::text as tag from type_probe where id = ${1}`;
    const first = await queryRows(worker.db, query);
    const second = await queryRows(worker.db, query);
    expect(second).toEqual(first);
    expect(second).toEqual(await queryRows(inProcess.db, query));
    expect(await prepared('select id, $1::text as tag from type_probe where id = $2')).toBe(1);
  });

  it("report PostgreSQL's error and leave the next statement unharmed; in a transaction, abort it as PGlite does", async () => {
    const failures = await Promise.all(
      [worker, inProcess].map((d) =>
        d.db.execute(sql`select 1 / ${0}::int`).then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    );
    for (const failure of failures) expect(failure).toMatchObject({ cause: { code: '22012' } });
    expect(await queryRows(worker.db, sql`select ${41}::int + 1 as x`)).toEqual([{ x: 42 }]);
    const aborted = await Promise.all(
      [worker, inProcess].map((d) =>
        d.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1 / ${0}::int`).catch(() => undefined);
            await tx.execute(sql`select ${1}::int as one`);
          })
          .then(
            () => null,
            (error: unknown) => error,
          ),
      ),
    );
    for (const failure of aborted) expect(failure).toMatchObject({ cause: { code: '25P02' } });
  });

  it('stop naming new texts at the bound and run them unnamed, with the right answers', async () => {
    const count = async (): Promise<number> =>
      (await queryRows<{ n: number }>(worker.db, sql`select count(*)::int as n from pg_prepared_statements`))[0]!.n;
    for (let i = 0; i <= MAX_NAMED_STATEMENTS; i++) {
      const rows = await queryRows<{ x: number }>(worker.db, sql`select ${i}::int + ${sql.raw(String(i))} as x`);
      expect(rows).toEqual([{ x: 2 * i }]);
    }
    expect(await count()).toBe(MAX_NAMED_STATEMENTS);
  }, 120_000);
});

describe('dump and load', () => {
  it('a dump of the worker loads into a new database', async () => {
    const dump = await worker.dump!();
    const copy = await openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: dump });
    try {
      expect(await queryRows(copy.db, sql`select id from type_probe order by id`)).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 10 },
        { id: 21 },
      ]);
    } finally {
      await copy.close();
    }
    // Dumping a migrated database and starting a second PGlite from it is a few seconds of
    // WebAssembly on an idle machine; on a 2-core machine shared with other work it took over 30 s.
  }, 180_000);
});
