// Issue 13 budget on PostgreSQL: 5,000 users from one CSV in under 20 s, through the real route
// (body read, sheet parsed in the worker pool, every row checked, one transaction), measured from
// the request to its answer. A fresh database is made and dropped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/api/errors';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { organizations, orgUsers } from '../server/db/schema/index';
import { withSystem } from '../server/db/tenant';
import { buildApp } from '../server/http/app';
import type { Deps } from '../server/http/deps';
import { hashPassword } from '../server/modules/auth/password';
import { closeParserPool } from '../server/modules/files/parser-pool';
import { systemClock } from '../server/platform/clock';
import { localFileStore } from '../server/platform/file-store';
import { ADMIN_URL } from './support/databases';

const USERS = 5_000;
const BUDGET_MS = 20_000;
const PASSWORD = 'BenchPassword2026';

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

const csv = (n: number, prefix: string): Buffer => {
  const lines = ['First Name,Last Name,Email,Username,Title,Admin,Policy Owner,Groups'];
  for (let i = 1; i <= n; i += 1)
    lines.push(`Given${i},Family${i},${prefix}.${i}@example.com,${prefix}.${i},Nurse,No,No,`);
  return Buffer.from(lines.join('\n'));
};

const name = `tenet_bench_users_p${process.pid}`;
await admin(`create database "${name}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-bench-files-'));
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
try {
  const config = {
    ...loadConfig({ NODE_ENV: 'production' }),
    fileStoreDir: fileDir,
    seedDemo: false,
    webDist: path.join(fileDir, 'none'),
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
  const tenant = `bench-${randomBytes(3).toString('hex')}`;
  const login = `${tenant}.admin`;
  const orgId = await withSystem(database.db, async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: 'User upload bench', tenant }).returning();
    await tx.insert(orgUsers).values({
      orgId: org!.id,
      firstName: 'Bench',
      lastName: 'Admin',
      email: `${login}@example.com`,
      username: login,
      passwordHash: await hashPassword(PASSWORD),
      isAdmin: true,
    });
    return org!.id;
  });
  const first = await app.inject({ method: 'GET', url: '/api/sessions' });
  const cookies = new Map(first.cookies.map((c) => [c.name, c.value]));
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/developer/login',
    headers: {
      cookie: cookieHeader(),
      [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '',
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ credentials: { login, password: PASSWORD } }),
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  for (const c of signIn.cookies) cookies.set(c.name, c.value);

  const body = csv(USERS, tenant);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/o/${orgId}/user_bulk_uploads?file_name=bench.csv`,
    headers: { cookie: cookieHeader(), [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '', 'content-type': 'text/csv' },
    payload: body,
  });
  const ms = Math.round(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
  const upload = res.json<{ upload: { created: number } }>().upload;
  const verdict = ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET';
  process.stdout.write(
    `user bulk upload, PostgreSQL: ${upload.created.toLocaleString('en-US')} users from one CSV (${Math.round(body.length / 1024)} KB) in ${(ms / 1000).toFixed(2)} s (budget ${BUDGET_MS / 1000} s): ${verdict}\n`,
  );
  await app.close();
} finally {
  await closeParserPool();
  await database.close();
  rmSync(fileDir, { recursive: true, force: true });
  await admin(`drop database if exists "${name}" with (force)`);
}
