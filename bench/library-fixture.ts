// Shared by search.bench.ts and library.bench.ts: a fresh PostgreSQL database with 50,000 published
// P&Ps and their extracted text (seeded set-based, INSERT ... SELECT generate_series), the real
// application on it, signed-in clients, and timing helpers. Not a test: it measures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/api/errors';
import { RECENT_WINDOW_DAYS } from '../shared/domain/limits';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows, type Database } from '../server/db/client';
import { buildApp } from '../server/http/app';
import type { Deps } from '../server/http/deps';
import type { App } from '../server/http/routes';
import { hashPassword } from '../server/modules/auth/password';
import type { LibraryScope } from '../server/modules/library/search.repo';
import { systemClock } from '../server/platform/clock';
import { localFileStore } from '../server/platform/file-store';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PNP_COUNT = Number(process.env.BENCH_PNPS ?? 50_000);
export const PASSWORD = 'BenchPassword2026';
/** A word put in one document of every 5,000: the selective search. */
export const RARE_WORD = 'zephyrquill';

const VOCABULARY = (
  'patient staff hand hygiene infection prevention control isolation precaution gown glove mask respirator ' +
  'medication administration dose route insulin heparin pharmacy order prescriber verify identifier ' +
  'fall risk assessment admission transfer discharge documentation record electronic chart nurse physician ' +
  'consent procedure surgery anesthesia sedation monitoring vital signs blood transfusion specimen laboratory ' +
  'emergency fire evacuation drill alarm code disaster preparedness generator power water supply ' +
  'privacy confidentiality security access badge visitor escort complaint grievance ethics conduct conflict ' +
  'interest compliance audit report quality improvement committee review approval policy procedure annual ' +
  'training education competency orientation onboarding employee contractor volunteer student supervisor ' +
  'equipment cleaning disinfection sterilization linen waste sharps needle exposure injury incident ' +
  'restraint seclusion behavioral health suicide screening pain management nutrition diet allergy ' +
  'pediatric neonatal maternal labor delivery newborn wound pressure ulcer skin catheter central line ' +
  'ventilator pneumonia sepsis antibiotic stewardship culture outbreak notification public health department'
).split(' ');

export interface Bench {
  app: App;
  database: Database;
  orgId: number;
  adminId: number;
  readerId: number;
  /** Raw connection as the database owner (a superuser: row-level security does not apply). */
  raw: pg.Client;
  close(): Promise<void>;
}

/** A fresh database, migrated by the application itself, seeded, with the app built on it. */
export async function openBench(label: string): Promise<Bench> {
  // BENCH_REUSE_DB=<name> keeps a seeded database between runs (created and seeded on first use).
  const reuse = process.env.BENCH_REUSE_DB;
  const name = reuse ?? `tenet_bench_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-bench-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const started = Date.now();
  const ids = (reuse && (await seededIds(database))) || (await seed(database));
  process.stdout.write(
    `seeded ${PNP_COUNT} published P&Ps with extracted text in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const config = {
    ...loadConfig({ NODE_ENV: 'production', DATABASE_URL: url.toString() }),
    seedDemo: false,
    fileStoreDir: fileDir,
    webDist: path.join(fileDir, 'none'),
    loginRateLimitPerMinute: 100_000,
  };
  const deps: Deps = {
    config,
    database,
    clock: systemClock,
    files: localFileStore(fileDir),
    log: pino({ level: 'silent' }),
  };
  const app = await buildApp(deps);
  await app.ready();
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  // The application turns JIT off for its library queries (library.service.ts): the raw runs match.
  await raw.query('set jit = off');
  return {
    app,
    database,
    ...ids,
    raw,
    async close() {
      await raw.end();
      await app.close();
      await database.close();
      rmSync(fileDir, { recursive: true, force: true });
      if (process.env.BENCH_KEEP_DB || reuse) {
        process.stdout.write(`kept database ${name}\n`);
        return;
      }
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** The ids of an already seeded bench database (BENCH_REUSE_DB), or null. */
async function seededIds(database: Database): Promise<{ orgId: number; adminId: number; readerId: number } | null> {
  const rows = await queryRows<{ org_id: number; admin_id: number; reader_id: number }>(
    database.db,
    sql`select o.id as org_id, a.id as admin_id, r.id as reader_id
          from organizations o join org_users a on a.org_id = o.id and a.username = 'bench.admin'
          join org_users r on r.org_id = o.id and r.username = 'bench.reader'
         where o.tenant = 'bench'`,
  );
  const row = rows[0];
  return row ? { orgId: row.org_id, adminId: row.admin_id, readerId: row.reader_id } : null;
}

async function seed(database: Database): Promise<{ orgId: number; adminId: number; readerId: number }> {
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  const one = async <T>(query: SQL): Promise<T> => (await queryRows<T>(db, query))[0]!;
  const { id: orgId } = await one<{ id: number }>(
    sql`insert into organizations (name, tenant) values ('Bench Health', 'bench') returning id`,
  );
  const { id: adminId } = await one<{ id: number }>(
    sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash, is_admin)
        values (${orgId}, 'Ada', 'Admin', 'ada@bench.example', 'bench.admin', ${hash}, true) returning id`,
  );
  const { id: readerId } = await one<{ id: number }>(
    sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash)
        values (${orgId}, 'Nora', 'Nurse', 'nora@bench.example', 'bench.reader', ${hash}) returning id`,
  );
  const { id: groupId } = await one<{ id: number }>(
    sql`insert into user_groups (org_id, name) values (${orgId}, 'All Staff') returning id`,
  );
  await db.execute(
    sql`insert into group_memberships (org_id, group_id, user_id) values (${orgId}, ${groupId}, ${readerId})`,
  );
  // 10 binders of 10 folders; the reader's group is Audience on half the binders.
  await db.execute(sql`insert into containers (org_id, type, name, position, inherits_access)
                       select ${orgId}, 1, 'Binder ' || i, i, false from generate_series(1, 10) i`);
  await db.execute(sql`insert into containers (org_id, type, parent_id, name, position, inherits_access)
                       select ${orgId}, 2, b.id, 'Folder ' || b.position || '.' || j, j, true
                         from containers b cross join generate_series(1, 10) j where b.org_id = ${orgId} and b.type = 1`);
  await db.execute(sql`insert into access_grants (org_id, container_id, group_id, role)
                       select ${orgId}, id, ${groupId}, 5 from containers where org_id = ${orgId} and type = 1 and position <= 5`);
  await db.execute(sql`insert into access_grants (org_id, container_id, user_id, role)
                       select ${orgId}, id, ${adminId}, 1 from containers where org_id = ${orgId} and type = 1`);
  const words = sql`${`{${VOCABULARY.join(',')}}`}::text[]`;
  // ~150 words a document, picked by a hash of (document, position): deterministic, varied.
  await db.execute(sql`insert into stored_files (org_id, storage_key, original_name, mime_type, extension, size_bytes, sha256, extracted_text)
    select ${orgId}, 'bench/' || g || '.pdf', 'Policy ' || g || '.pdf', 'application/pdf', 'pdf', 1000, md5(g::text) || md5(g::text),
           (select string_agg(case when k % 3 = 0 then 'term' || abs(hashint4(g * 1000 + k)) % 40000
                                   else v.w[1 + floor(array_length(v.w, 1) * power(abs(hashint4(g * 1000 + k)) / 2147483648.0, 3))::int] end, ' ')
              from generate_series(1, 150) k)
           || case when g % 5000 = 0 then ' ${sql.raw(RARE_WORD)}' else '' end
      from generate_series(1, ${PNP_COUNT}) g, (select ${words} as w) v`);
  await db.execute(sql`insert into pnps (org_id, container_id, name, description, status, position)
    select ${orgId}, f.ids[1 + g % array_length(f.ids, 1)],
           initcap(v.w[1 + abs(hashint4(g)) % array_length(v.w, 1)] || ' ' || v.w[1 + abs(hashint4(g + 7)) % array_length(v.w, 1)]) || ' Policy ' || g,
           'How staff handle ' || v.w[1 + abs(hashint4(g + 13)) % array_length(v.w, 1)] || '.', 2, g
      from generate_series(1, ${PNP_COUNT}) g,
           (select array_agg(id order by id) as ids from containers where org_id = ${orgId} and type = 2) f,
           (select ${words} as w) v`);
  await db.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, file_id, effective_dt, review_dt, published_at)
    select ${orgId}, p.id, 1, 2, f.id, (now() - (p.rn % 700) * interval '1 day')::date,
           (now() - (p.rn % 700) * interval '1 day' + interval '1 year')::date, now() - (p.rn % 700) * interval '1 day'
      from (select id, row_number() over (order by id) as rn from pnps where org_id = ${orgId}) p
      join (select id, row_number() over (order by id) as rn from stored_files where org_id = ${orgId}) f using (rn)`);
  await db.execute(sql`insert into library_favorites (org_id, user_id, pnp_id, favorite, favorite_updated_at)
    select ${orgId}, ${readerId}, id, true, now() - (id % 300) * interval '1 hour' from pnps where org_id = ${orgId} and id % 997 = 0`);
  await db.execute(sql`insert into library_views (org_id, user_id, pnp_id, viewed_at)
    select ${orgId}, ${readerId}, id, now() - (id % 500) * interval '1 day' from pnps where org_id = ${orgId} and id % 113 = 0`);
  await db.execute(sql`analyze`);
  return { orgId, adminId, readerId };
}

/** A signed-in client of the in-process app (the session cookie and the CSRF header, like a browser). */
export async function signIn(
  app: App,
  login: string,
): Promise<(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<{ status: number; json: unknown }>> {
  const cookies: Record<string, string> = {};
  const remember = (res: { cookies: Array<{ name: string; value: string }> }) => {
    for (const c of res.cookies) cookies[c.name] = c.value;
  };
  const header = () =>
    Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  remember(await app.inject({ method: 'GET', url: '/api/sessions' }));
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        cookie: header(),
        [CSRF_HEADER]: cookies[CSRF_COOKIE] ?? '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    remember(res);
    return { status: res.statusCode, json: res.json<unknown>() };
  };
  const res = await send('POST', '/api/auth/developer/login', { credentials: { login, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in of ${login} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return send;
}

export const scopeFor = (orgId: number, userId: number, isAdmin: boolean): LibraryScope => {
  const now = new Date();
  return { orgId, userId, isAdmin, now, windowStart: new Date(now.getTime() - RECENT_WINDOW_DAYS * 86_400_000) };
};

const dialect = new PgDialect();
export interface Query {
  text: string;
  values: unknown[];
}
export const toQuery = (query: SQL): Query => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
};

/**
 * The same statements, raw, in a transaction of the organisation (app.org_id set, as the search
 * function reads it): as the owner (a superuser: no row-level security), or as the application does
 * it, as the app role under row-level security. JIT is off on this connection, as in the app's
 * library transactions. Only the statements themselves are timed (not BEGIN, the settings, COMMIT).
 */
export async function runRaw(client: pg.Client, queries: Query[], orgId: number, rls: boolean): Promise<number> {
  await client.query('begin');
  await client.query("select set_config('app.org_id', $1, true)", [String(orgId)]);
  if (rls) await client.query("select set_config('role', 'tenet_app', true)");
  const start = performance.now();
  for (const query of queries) await client.query(query.text, query.values);
  const elapsed = performance.now() - start;
  await client.query('commit');
  return elapsed;
}

/** The rows of one statement run raw as the owner in a transaction of the organisation. */
export async function rawRows<T extends pg.QueryResultRow>(
  client: pg.Client,
  query: Query,
  orgId: number,
): Promise<T[]> {
  await client.query('begin');
  await client.query("select set_config('app.org_id', $1, true)", [String(orgId)]);
  const res = await client.query<T>(query.text, query.values);
  await client.query('commit');
  return res.rows;
}

/**
 * Whether running the statements under row-level security reads `index` (index scans counted in
 * the transaction, the search function's own scans included).
 */
export async function readsIndex(
  client: pg.Client,
  queries: Array<{ text: string; values: unknown[] }>,
  rlsOrgId: number,
  index: string,
): Promise<boolean> {
  await client.query('begin');
  await client.query("select set_config('app.org_id', $1, true), set_config('role', 'tenet_app', true)", [
    String(rlsOrgId),
  ]);
  for (const query of queries) await client.query(query.text, query.values);
  const res = await client.query<{ n: number }>('select pg_stat_get_xact_numscans($1::regclass)::int as n', [index]);
  await client.query('rollback');
  return (res.rows[0]?.n ?? 0) > 0;
}

export interface Stats {
  p50: number;
  p95: number;
}

const percentiles = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
};

/**
 * Times several variants in turns (one call of each per round, the order rotating), so that all
 * of them meet the same load: on a shared machine, measuring one after the other compares the
 * load of two moments, not the variants. A variant may return its own elapsed time.
 */
export async function measureInterleaved<K extends string>(
  runs: number,
  variants: Record<K, () => Promise<unknown>>,
): Promise<Record<K, Stats>> {
  const keys = Object.keys(variants) as K[];
  const time = async (key: K): Promise<number> => {
    const start = performance.now();
    const inner = await variants[key]();
    return typeof inner === 'number' ? inner : performance.now() - start;
  };
  for (let i = 0; i < 3; i += 1) for (const key of keys) await time(key);
  const times = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i += 1) {
    for (let j = 0; j < keys.length; j += 1) {
      const key = keys[(i + j) % keys.length]!;
      times[key].push(await time(key));
    }
  }
  return Object.fromEntries(keys.map((key) => [key, percentiles(times[key])])) as Record<K, Stats>;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`.padStart(10);
export const ratio = (value: number): string => `${value.toFixed(2)}x`.padStart(8);
