import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/errors';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { disableRowLevelSecurityForTests } from '../db/tenant';
import { buildApp, type BuildOptions } from '../http/app';
import type { Deps } from '../http/deps';
import type { App } from '../http/routes';
import { fixedClock } from '../platform/clock';
import { localFileStore } from '../platform/file-store';
import { PG_TEMPLATE_ENV, TEMPLATE_TARBALL } from './global-setup';

export interface TestApp {
  app: App;
  deps: Deps;
  clock: ReturnType<typeof fixedClock>;
  /** A client with no session (it still does CSRF, like a browser). */
  anonymous(): Agent;
  /** Signs in through the real endpoint and returns a client carrying that session. */
  signIn(login: string, password: string, tenant?: string): Promise<Agent>;
  close(): Promise<void>;
}

type Body = Record<string, unknown> | unknown[] | string | Buffer | undefined;

export interface Agent {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body): Promise<LightMyRequestResponse>;
  delete(url: string, body?: Body): Promise<LightMyRequestResponse>;
  /** Any method, raw headers, no automatic CSRF header (for CSRF tests). */
  raw(options: {
    method: string;
    url: string;
    payload?: Body;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  cookies: Record<string, string>;
}

/** Set to 1 to run the test databases' PGlite on the test's thread instead of its worker. */
export const PGLITE_IN_PROCESS_ENV = 'TENET_TEST_PGLITE_IN_PROCESS';

async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = process.env[PG_TEMPLATE_ENV];
    if (!template)
      throw new Error(`${PG_TEMPLATE_ENV} is not set: run the server tests through vitest (its global setup)`);
    const name = `tenet_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: '' });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
      },
    };
  }
  const tarball = new Blob([readFileSync(TEMPLATE_TARBALL)]);
  // Through PGlite's worker, as the server runs it; TENET_TEST_PGLITE_IN_PROCESS=1 keeps PGlite on
  // the test's own thread (a second or so quicker per test file, nothing else differs).
  const inProcess = process.env[PGLITE_IN_PROCESS_ENV] === '1';
  return openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: tarball, inProcess });
}

/** A whole application on its own fresh database and file directory, with a clock tests can move. */
export interface TestAppOptions extends BuildOptions {
  /** false: organisation requests run without row-level security (see disableRowLevelSecurityForTests). */
  rowLevelSecurity?: boolean;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-files-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    fileStoreDir: fileDir,
    seedDemo: false,
    webDist: path.join(fileDir, 'no-web'),
    // A key of its own: no test app reads or makes a key file in the working directory's ./data.
    secretsKey: createSecretKey(randomBytes(32)),
    ...overrides,
  };
  const database = await openTestDatabase();
  if (options.rowLevelSecurity === false) disableRowLevelSecurityForTests(database.db);
  const clock = fixedClock(new Date());
  const deps: Deps = { config, database, clock, files: localFileStore(fileDir), log: pino({ level: 'silent' }) };
  const app = await buildApp(deps, options);
  await app.ready();

  const makeAgent = (): Agent => {
    const cookies: Record<string, string> = {};
    const remember = (res: LightMyRequestResponse): LightMyRequestResponse => {
      for (const c of res.cookies) {
        if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) delete cookies[c.name];
        else cookies[c.name] = c.value;
      }
      return res;
    };
    const cookieHeader = (): string =>
      Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    const ensureCsrf = async (): Promise<void> => {
      if (!cookies[CSRF_COOKIE])
        remember(await app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie: cookieHeader() } }));
    };
    const send = async (method: string, url: string, body?: Body, extra: Record<string, string> = {}) => {
      await ensureCsrf();
      const isJson = body !== undefined && !Buffer.isBuffer(body) && typeof body !== 'string';
      const headers: Record<string, string> = {
        cookie: cookieHeader(),
        ...(method !== 'GET' ? { [CSRF_HEADER]: cookies[CSRF_COOKIE] ?? '' } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...extra,
      };
      return remember(
        await app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(body !== undefined ? { payload: isJson ? JSON.stringify(body) : body } : {}),
        }),
      );
    };
    return {
      cookies,
      get: (url) => send('GET', url),
      post: (url, body, headers) => send('POST', url, body, headers),
      put: (url, body) => send('PUT', url, body),
      patch: (url, body) => send('PATCH', url, body),
      delete: (url, body) => send('DELETE', url, body),
      raw: async ({ method, url, payload, headers }) =>
        remember(
          await app.inject({
            method: method as 'GET',
            url,
            headers: { cookie: cookieHeader(), ...headers },
            ...(payload !== undefined
              ? {
                  payload: typeof payload === 'object' && !Buffer.isBuffer(payload) ? JSON.stringify(payload) : payload,
                }
              : {}),
          }),
        ),
    };
  };

  return {
    app,
    deps,
    clock,
    anonymous: makeAgent,
    async signIn(login, password, tenant) {
      const agent = makeAgent();
      const res = await agent.post('/api/auth/developer/login', {
        credentials: { login, password },
        ...(tenant ? { tenant } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
      if (!agent.cookies[SESSION_COOKIE]) throw new Error('sign-in set no session cookie');
      return agent;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(fileDir, { recursive: true, force: true });
    },
  };
}
