import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createTemplate,
  createWorkflowOrg,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles, type CleanupDeps } from './file-cleanup';
import { closeParserPool } from './parser-pool';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
/** The sweep on the real clock: file ages come from the file system, not the tests' fixed clock. */
let deps: CleanupDeps;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
  deps = { ...t.deps, clock: { now: () => new Date() } };
});
afterAll(async () => {
  await closeParserPool();
  await t.close();
});

const exists = async (key: string): Promise<boolean> =>
  t.deps.files.get(key).then(
    () => true,
    () => false,
  );
/** Makes stored bytes look `ms` old. */
const age = async (key: string, ms: number): Promise<void> => {
  const when = new Date(Date.now() - ms);
  await utimes(path.join(t.deps.config.fileStoreDir, key), when, when);
};
const system = <T>(query: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, query));

async function fileRow(key: string, createdAt: Date): Promise<number> {
  const [row] = await system<{ id: number }>(
    sql`insert into stored_files (org_id, storage_key, original_name, mime_type, extension, size_bytes, sha256, created_at)
        values (${w.org.id}, ${key}, 'left.txt', 'text/plain', 'txt', 4, ${'0'.repeat(64)}, ${createdAt.toISOString()}::timestamptz)
        returning id`,
  );
  return row!.id;
}

describe('the orphan file sweep', () => {
  it('removes old bytes no row names and old rows nothing points at, and nothing else', async () => {
    const old = new Date(Date.now() - 2 * DAY);
    // Bytes left by a process killed between writing them and committing their row.
    const orphan = await t.deps.files.put(Buffer.from('gone'), 'txt');
    await age(orphan, 2 * DAY);
    // Bytes a request in flight has just written: their row is not committed yet.
    const inFlight = await t.deps.files.put(Buffer.from('soon'), 'txt');
    // A deleted draft's file: its row outlived the draft.
    const leftover = await t.deps.files.put(Buffer.from('left'), 'txt');
    await age(leftover, 2 * DAY);
    const leftoverId = await fileRow(leftover, old);
    // A P&P's file, old, and a template's file, old: both in use.
    const created = await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, 'Kept policy');
    const [used] = await system<{ id: number; storage_key: string }>(
      sql`select f.id, f.storage_key from stored_files f join pnp_documents d on d.file_id = f.id where d.id = ${created.pnp_document.id}`,
    );
    await system(sql`update stored_files set created_at = ${old.toISOString()}::timestamptz where id = ${used!.id}`);
    await age(used!.storage_key, 2 * DAY);
    const template = await createTemplate(t.deps, w.org.id);
    const [templateRow] = await system<{ storage_key: string }>(
      sql`select storage_key from templates where id = ${template.id}`,
    );
    await age(templateRow!.storage_key, 2 * DAY);

    const result = await sweepOrphanFiles(deps);

    expect(result.rowsRemoved).toBe(1);
    expect(result.bytesRemoved).toBeGreaterThanOrEqual(1);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(leftover)).toBe(false);
    expect(await system(sql`select id from stored_files where id = ${leftoverId}`)).toEqual([]);
    expect(await exists(inFlight)).toBe(true);
    expect(await exists(used!.storage_key)).toBe(true);
    expect(await system(sql`select id from stored_files where id = ${used!.id}`)).toHaveLength(1);
    expect(await exists(templateRow!.storage_key)).toBe(true);
  });

  it('spares a young row nothing points at yet (its request may still be running)', async () => {
    const key = await t.deps.files.put(Buffer.from('new!'), 'txt');
    const id = await fileRow(key, new Date(Date.now() - ORPHAN_MIN_AGE_MS / 2));
    await age(key, 2 * DAY);
    await sweepOrphanFiles(deps);
    expect(await exists(key)).toBe(true);
    expect(await system(sql`select id from stored_files where id = ${id}`)).toHaveLength(1);
  });
});

describe('a file missing from the store', () => {
  it('answers 404 with a clear sentence for view and download, never a 500; the preview falls back to the text', async () => {
    const created = await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, 'Lost file');
    const [row] = await system<{ storage_key: string }>(
      sql`select f.storage_key from stored_files f join pnp_documents d on d.file_id = f.id where d.id = ${created.pnp_document.id}`,
    );
    await t.deps.files.remove(row!.storage_key);
    const base = `/api/o/${w.org.id}/pnp_documents/${created.pnp_document.id}`;
    for (const action of ['view', 'edit']) {
      const res = await a.binderOwner.get(`${base}/file?pnp_id=${created.pnp.id}&action_name=${action}`);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().errors).toEqual([
        'The file was not found in storage. Ask an administrator to restore it or upload it again.',
      ]);
    }
    const preview = await a.binderOwner.get(`${base}/preview?pnp_id=${created.pnp.id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ kind: 'text' });
  });
});
