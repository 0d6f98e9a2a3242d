// Backup and restore as docs/operations.md describes them, tested by restoring and comparing every
// table's digest with the database as it was at the moment of the backup, and checking that every
// file the restored rows name is in the restored file store.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { appProcess, ensureDatabase, postgresBin, startPrivatePostgres } from '../../cluster.mjs';
import {
  digestDifferences,
  filesWithoutBytes,
  pglite,
  postgres,
  sha256,
  tableDigests,
  type Row,
  type Sql,
} from '../database';
import { Browser, DEMO } from '../http';
import { acknowledged, newWorkflowPnps, workflowWriters } from '../load';
import { admin, held, seconds, type Scenario, type Suite } from '../suite';
import { pgliteApp } from './pglite';

const run = promisify(execFile);

/** A restored copy serves: an application process on it signs in and reads a stored file intact. */
async function servesFrom(suite: Suite, env: Record<string, string>, sql: Sql): Promise<string[]> {
  const app = appProcess({
    name: 'restored',
    port: suite.sparePorts[1]!,
    logFile: path.join(suite.tmp, 'restored.log'),
    env: { ...suite.appEnv, SEED_DEMO: 'false', TRUST_PROXY: '', ...env },
  });
  await app.start();
  try {
    const b = new Browser(app.url);
    const { orgId } = await b.signIn(DEMO.admin.login, DEMO.admin.password);
    const [doc] = await sql<{ id: number; pnp_id: number; sha256: string }>(
      `select d.id, d.pnp_id, f.sha256 from pnp_documents d join stored_files f on f.id = d.file_id
        where d.org_id = $1 order by d.id desc limit 1`,
      [orgId],
    );
    if (!doc) return ['the restored database has no document with a file'];
    const file = await b.get(`/api/o/${orgId}/pnp_documents/${doc.id}/file?pnp_id=${doc.pnp_id}&action_name=edit`);
    if (file.status !== 200 || sha256(file.bytes) !== doc.sha256)
      return [`a file read from the restored copy answered ${file.status}`];
    return [];
  } finally {
    await app.stop();
  }
}

export const backupPostgres: Scenario = {
  key: 'backup-postgres',
  title: 'PostgreSQL backup (pg_dump) under load, restored and compared',
  async run(suite, attempt) {
    const { cluster } = suite;
    const b = await admin(cluster.url);
    const writing = workflowWriters(b, suite.orgId, await newWorkflowPnps(b, suite.orgId, suite.adminId, 2));
    await acknowledged([writing.writers], 3);
    // The dump and the digests read one snapshot, while the writers go on.
    const dumpFile = path.join(suite.tmp, `backup-${attempt}.dump`);
    const filesCopy = path.join(suite.tmp, `backup-${attempt}-files`);
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const dumpAt = Date.now();
    let before: Map<string, string>;
    try {
      await client.query('begin isolation level repeatable read read only');
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      await run(path.join(postgresBin(), 'pg_dump'), [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--file=${dumpFile}`,
        `--dbname=${cluster.databaseUrl}`,
      ]);
      before = await tableDigests(
        async <T extends Row>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
    // Files after the dump: every file a dumped row names was written before the dump began.
    cpSync(cluster.files, filesCopy, { recursive: true });
    const dumpSeconds = seconds(dumpAt);
    writing.writers.stop();
    await writing.writers.done;

    // Restore: the first try onto a new PostgreSQL server (roles first), the others into a new database.
    const restoreAt = Date.now();
    const fresh =
      attempt === 0
        ? await startPrivatePostgres({ dir: path.join(suite.tmp, 'restore-server'), port: suite.sparePorts[2]! })
        : null;
    const adminUrl = fresh?.adminUrl ?? cluster.database?.adminUrl ?? cluster.databaseUrl;
    const name = `tenet_restore_${attempt}`;
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    const url = target.toString();
    try {
      const server = postgres(adminUrl);
      await server.sql(`drop database if exists ${name}`);
      if (fresh) {
        await server.sql(`create role tenet_app nologin nosuperuser nobypassrls nocreatedb nocreaterole`);
      }
      await server.close();
      await ensureDatabase(adminUrl, name);
      await run(path.join(postgresBin(), 'pg_restore'), ['--exit-on-error', `--dbname=${url}`, dumpFile]);
      const restoreSeconds = seconds(restoreAt);
      const restored = postgres(url);
      try {
        const after = await tableDigests(restored.sql);
        const problems = [
          ...digestDifferences(before, after).map((t) => `table ${t} differs after the restore`),
          ...(await filesWithoutBytes(restored.sql, filesCopy)),
          ...(attempt === 0
            ? await servesFrom(
                suite,
                { DATABASE_URL: url, DATA_DIR: path.join(suite.tmp, 'restored'), FILE_STORE_DIR: filesCopy },
                restored.sql,
              )
            : []),
        ];
        return held(problems, {
          'dump MB': Math.round(statSync(dumpFile).size / 100_000) / 10,
          'dump s': dumpSeconds,
          'restore s': restoreSeconds,
          'tables compared': after.size,
        });
      } finally {
        await restored.close();
      }
    } finally {
      if (!fresh) {
        const server = postgres(adminUrl);
        await server.sql(`drop database if exists ${name}`).catch(() => undefined);
        await server.close();
      }
      await fresh?.stop();
      rmSync(dumpFile, { force: true });
      rmSync(filesCopy, { recursive: true, force: true });
      rmSync(path.join(suite.tmp, 'restore-server'), { recursive: true, force: true });
    }
  },
};

export const backupPglite: Scenario = {
  key: 'backup-pglite',
  title: 'PGlite backup (stopped copy, or dumpDataDir), restored and compared',
  async run(suite, attempt) {
    const dataDir = path.join(suite.tmp, 'pglite-backup');
    const app = pgliteApp(suite, dataDir, suite.sparePorts[0]!, 'pglite-backup');
    await app.start();
    const b = new Browser(app.url);
    const { orgId, userId } = await b.signIn(DEMO.admin.login, DEMO.admin.password);
    const writing = workflowWriters(b, orgId, await newWorkflowPnps(b, orgId, userId, 2));
    await acknowledged([writing.writers], 3);
    // Stop the world: the application stops (releasing the directory) as the writers go on.
    const stopAt = Date.now();
    await app.stop();
    writing.writers.stop();
    await writing.writers.done;
    const method = attempt % 2 === 0 ? 'copy' : 'dumpDataDir';
    const backup = path.join(suite.tmp, `pglite-backup-${attempt}`);
    const original = await pglite(dataDir);
    let before: Map<string, string>;
    try {
      before = await tableDigests(original.sql);
      if (method === 'dumpDataDir') {
        const tarball = await original.db.dumpDataDir('none');
        writeFileSync(`${backup}.tar`, Buffer.from(await tarball.arrayBuffer()));
      }
    } finally {
      await original.close();
    }
    if (method === 'copy') cpSync(dataDir, backup, { recursive: true });
    else cpSync(path.join(dataDir, 'files'), path.join(backup, 'files'), { recursive: true });
    // The application may start again from here (a start is measured by the PGlite scenario).
    const stoppedFor = seconds(stopAt);

    // Restore into a new directory and compare.
    const restoredDir = path.join(suite.tmp, `pglite-restored-${attempt}`);
    try {
      if (method === 'copy') {
        cpSync(backup, restoredDir, { recursive: true });
      } else {
        cpSync(path.join(backup, 'files'), path.join(restoredDir, 'files'), { recursive: true });
        const loaded = await PGlite.create({
          dataDir: path.join(restoredDir, 'pgdata'),
          loadDataDir: new Blob([readFileSync(`${backup}.tar`)]),
          extensions: { pg_trgm },
        });
        await loaded.close();
      }
      const restored = await pglite(restoredDir);
      let problems: string[];
      try {
        const after = await tableDigests(restored.sql);
        problems = [
          ...digestDifferences(before, after).map((t) => `table ${t} differs after the restore`),
          ...(await filesWithoutBytes(restored.sql, path.join(restoredDir, 'files'))),
        ];
      } finally {
        await restored.close();
      }
      if (attempt < 2) problems.push(...(await servesFromPglite(suite, restoredDir)));
      return held(problems, { 'stop, read and copy s': stoppedFor, 'tables compared': before.size });
    } finally {
      rmSync(restoredDir, { recursive: true, force: true });
      rmSync(backup, { recursive: true, force: true });
      rmSync(`${backup}.tar`, { force: true });
    }
  },
};

/** A restored PGlite directory serves: an application process on it signs in and reads a file intact. */
async function servesFromPglite(suite: Suite, dataDir: string): Promise<string[]> {
  const db = await pglite(dataDir);
  let doc: { id: number; pnp_id: number; sha256: string } | undefined;
  try {
    [doc] = await db.sql<{ id: number; pnp_id: number; sha256: string }>(
      `select d.id, d.pnp_id, f.sha256 from pnp_documents d join stored_files f on f.id = d.file_id
        where d.org_id = (select org_id from org_users where username = $1) order by d.id desc limit 1`,
      [DEMO.admin.login],
    );
  } finally {
    await db.close();
  }
  if (!doc) return ['the restored copy has no document with a file'];
  const app = pgliteApp(suite, dataDir, suite.sparePorts[1]!, 'pglite-restored');
  await app.start();
  try {
    const b = new Browser(app.url);
    const { orgId } = await b.signIn(DEMO.admin.login, DEMO.admin.password);
    const file = await b.get(`/api/o/${orgId}/pnp_documents/${doc.id}/file?pnp_id=${doc.pnp_id}&action_name=edit`);
    if (file.status !== 200 || sha256(file.bytes) !== doc.sha256)
      return [`a file read from the restored copy answered ${file.status}`];
    return [];
  } finally {
    await app.stop();
  }
}
