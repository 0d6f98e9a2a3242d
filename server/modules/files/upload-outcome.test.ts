import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { storedFiles } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { unprocessable } from '../../http/errors';
import { orgRoute, type App, type OrgCtx } from '../../http/routes';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { afterCommit } from './after-commit';
import type { CheckedFile } from './file-validation';
import { registerUploadIntake, removeAfterSuccess, storeFile } from './upload-intake';

/**
 * The bytes an upload writes to the file store before its transaction follow that transaction's
 * outcome, not the answer's status: kept when it committed (even when the answer is then an error),
 * removed when it rolled back or was run again; the bytes of a row the transaction deleted go only
 * once it has committed. The probe routes store a small text file the way an upload route does.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const StoreBody = z
  .object({
    name: z.string(),
    /** The storage key of a stored file whose row this request deletes, as a replacement does. */
    releases: z.string().optional(),
    ending: z.enum(['commit', 'roll_back', 'commit_then_refuse']),
  })
  .strict();

function textFile(name: string): CheckedFile {
  const bytes = Buffer.from(`The policy called ${name}.`);
  return {
    originalName: `${name}.txt`,
    extension: 'txt',
    mimeType: 'text/plain',
    bytes,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    extractedText: bytes.toString(),
  };
}

async function deleteStoredFileRow(ctx: OrgCtx, storageKey: string): Promise<void> {
  await ctx.tx.delete(storedFiles).where(and(eq(storedFiles.orgId, ctx.orgId), eq(storedFiles.storageKey, storageKey)));
}

let t: TestApp;
/** How often the retried probe's handler has started (a transaction run again starts it again). */
let retriedRuns = 0;
/** Ends every connection of the application's database, from outside (PostgreSQL only). */
let endAppConnections: (() => Promise<void>) | null = null;

function registerProbes(scope: App, deps: TestApp['deps']): void {
  registerUploadIntake(scope, deps);
  orgRoute(
    scope,
    deps,
    { method: 'POST', url: '/api/o/:org/upload_outcome_probe', schema: { body: StoreBody } },
    async (ctx, { body }) => {
      const stored = await storeFile(ctx, textFile(body.name));
      if (body.releases) {
        await deleteStoredFileRow(ctx, body.releases);
        removeAfterSuccess(ctx, body.releases);
      }
      if (body.ending === 'roll_back') throw unprocessable('Refused after storing.');
      // An answer finished after the commit (as a version compare is) that turns out an error.
      if (body.ending === 'commit_then_refuse') {
        return afterCommit(() => Promise.reject(unprocessable('Refused after the commit.')));
      }
      return { storage_key: stored.storageKey };
    },
  );
  // On its first run the connection under its transaction ends before the transaction's first
  // statement: the database layer runs the transaction again on a new connection.
  orgRoute(scope, deps, { method: 'POST', url: '/api/o/:org/upload_outcome_retried', schema: {} }, async (ctx) => {
    retriedRuns += 1;
    if (retriedRuns === 1) await endAppConnections?.();
    const stored = await storeFile(ctx, textFile(`retried ${retriedRuns}`));
    return { storage_key: stored.storageKey };
  });
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes: (app, deps) => {
        // A scope of their own, as the P&P module's: the intake's hooks apply to these routes alone.
        void app.register((scope, _options, done) => {
          registerProbes(scope, deps);
          done();
        });
      },
    },
  );
});
afterAll(async () => t.close());

async function storeKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const { key } of t.deps.files.list()) keys.add(key);
  return keys;
}

async function rowKeysNamed(originalName: string): Promise<string[]> {
  const rows = await withSystem(t.deps.database.db, (tx) =>
    tx
      .select({ storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(eq(storedFiles.originalName, originalName)),
  );
  return rows.map((row) => row.storageKey);
}

async function signedIn(): Promise<{ agent: Agent; orgId: number }> {
  const org = await createOrg(t.deps);
  const user = await createUser(t.deps, org.id);
  return { agent: await t.signIn(user.username, user.password), orgId: org.id };
}

/** Stores a file and commits; returns its storage key. */
async function committedFile(agent: Agent, orgId: number, name: string): Promise<string> {
  const res = await agent.post(`/api/o/${orgId}/upload_outcome_probe`, { name, ending: 'commit' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ storage_key: string }>().storage_key;
}

describe('bytes stored by a request follow its transaction', () => {
  it('keeps the bytes of a committed transaction when the answer is then an error, and removes those it released', async () => {
    const { agent, orgId } = await signedIn();
    const replaced = await committedFile(agent, orgId, 'replaced');
    const res = await agent.post(`/api/o/${orgId}/upload_outcome_probe`, {
      name: 'replacement',
      releases: replaced,
      ending: 'commit_then_refuse',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['Refused after the commit.']);
    const [replacement] = await rowKeysNamed('replacement.txt');
    expect(replacement).toBeDefined();
    expect(await rowKeysNamed('replaced.txt')).toEqual([]);
    const keys = await storeKeys();
    // The committed row points at these bytes: removing them would lose the file.
    expect(keys.has(replacement!)).toBe(true);
    // Their row was deleted by the committed transaction: nothing points at them.
    expect(keys.has(replaced)).toBe(false);
  });

  it('removes the bytes of a rolled-back transaction and keeps those it meant to release', async () => {
    const { agent, orgId } = await signedIn();
    const kept = await committedFile(agent, orgId, 'kept');
    const before = await storeKeys();
    const res = await agent.post(`/api/o/${orgId}/upload_outcome_probe`, {
      name: 'never stored',
      releases: kept,
      ending: 'roll_back',
    });
    expect(res.statusCode).toBe(422);
    expect(await rowKeysNamed('never stored.txt')).toEqual([]);
    expect(await rowKeysNamed('kept.txt')).toEqual([kept]);
    expect(await storeKeys()).toEqual(before);
  });
});

/** PostgreSQL only: PGlite runs inside the process and has no connection to lose, so nothing runs again. */
describe.runIf(onPostgres)('bytes stored by a transaction that was run again', () => {
  let admin: pg.Client;

  beforeAll(async () => {
    const [current] = await queryRows<{ name: string }>(t.deps.database.db, sql`select current_database() as name`);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    endAppConnections = async () => {
      // Waits (up to 5 s each) until the backends have exited: the run's connection is then dead.
      await admin.query(
        `select pg_terminate_backend(pid, 5000) from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid()`,
        [current!.name],
      );
    };
  });
  afterAll(async () => {
    endAppConnections = null;
    await admin.end();
  });

  it('leaves no orphan: the first run wrote bytes no committed row points at, and they are removed', async () => {
    const { agent, orgId } = await signedIn();
    retriedRuns = 0;
    const before = await storeKeys();
    const res = await agent.post(`/api/o/${orgId}/upload_outcome_retried`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(retriedRuns).toBe(2);
    const stored = res.json<{ storage_key: string }>().storage_key;
    expect(await rowKeysNamed('retried 2.txt')).toEqual([stored]);
    expect(await rowKeysNamed('retried 1.txt')).toEqual([]);
    const added = [...(await storeKeys())].filter((key) => !before.has(key));
    expect(added).toEqual([stored]);
  }, 30_000);
});
