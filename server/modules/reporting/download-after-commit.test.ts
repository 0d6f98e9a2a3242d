import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { orgRoute } from '../../http/routes';
import { createContainer, createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { EXPORT_BATCH, exportAnswer, streamReport } from './reporting.export';
import { createReportingScenario, SCENARIO_NOW, type ReportingScenario } from './reporting.fixture';

/**
 * A download's transaction ends before its body is sent, whatever the client's pace: on the embedded
 * database (one connection) a transaction held open by a slow client stalls every other request.
 * A client that does not read is simulated with an injected request whose body is left unread
 * (light-my-request's stream answers the server's writes with backpressure, as a socket does).
 */

/** Rows enough that neither the CSV nor the compressed XLSX fits in the buffers between server and client. */
const ROWS = 5_000;
/** A test-only route: an export whose query fails in its second batch of rows (division by zero). */
const FAILING_EXPORT = '/api/o/:org/test/failing_export';

let t: TestApp;
let s: ReportingScenario;
let admin: Agent;
let bossAgent: Agent;
let bigOrgId: number;
let spoolDir: string;
let tmpdirBefore: string | undefined;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes: (app, deps) =>
        orgRoute(
          app,
          deps,
          {
            method: 'GET',
            url: FAILING_EXPORT,
            schema: { querystring: z.object({ format: z.enum(['csv', 'xlsx']) }) },
          },
          async (ctx, { query }) => {
            await streamReport(ctx, {
              title: 'Failing',
              columns: [{ key: 'n', label: 'N', sortable: false }],
              query: sql`select case when i <= ${EXPORT_BATCH + 500} then i else 1 / (i - i) end as n
                           from generate_series(1, ${EXPORT_BATCH * 2}) i`,
              format: query.format,
            });
            return exportAnswer(ctx);
          },
        ),
    },
  );
  t.clock.set(SCENARIO_NOW);
  s = await createReportingScenario(t.deps);
  admin = await t.signIn(s.admin.username, s.admin.password);

  const org = await createOrg(t.deps);
  bigOrgId = org.id;
  const boss = await createUser(t.deps, org.id, { isAdmin: true });
  const binder = await createContainer(t.deps, org.id, { name: 'Big' });
  // Names that do not compress to nothing (md5), so the XLSX is large too; one accented name.
  await withSystem(t.deps.database.db, async (tx) => {
    await tx.execute(sql`insert into pnps (org_id, container_id, name, status)
                         select ${org.id}, ${binder.id}, md5(i::text) || ' ' || md5((i * 7)::text), 1
                           from generate_series(1, ${ROWS}) i`);
    await tx.execute(sql`update pnps set name = 'Hygiène des mains'
                          where id = (select min(id) from pnps where org_id = ${org.id})`);
    await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage)
                         select ${org.id}, id, 1, 2 from pnps where org_id = ${org.id}`);
  });
  bossAgent = await t.signIn(boss.username, boss.password);

  // Exports are spooled in the system's temporary directory: one of this file's own, to see what is left.
  spoolDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-spool-test-'));
  tmpdirBefore = process.env.TMPDIR;
  process.env.TMPDIR = spoolDir;
}, 120_000);

afterAll(async () => {
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
  await t.close();
  rmSync(spoolDir, { recursive: true, force: true });
});

const cookieOf = (agent: Agent): string =>
  Object.entries(agent.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** Starts a download and leaves its body unread: resolves once the answer's headers are written. */
async function downloadNotRead(agent: Agent, url: string): Promise<{ status: number; body: Readable }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(agent) }, payloadAsStream: true });
  return { status: res.statusCode, body: res.stream() };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `work`, or 'timed out' when it has not answered within `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connections of this test's database in a transaction, idle or not (PostgreSQL; the embedded database has one). */
async function transactionsLeftOpen(): Promise<number> {
  if (t.deps.database.kind !== 'postgres') return 0;
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ open: number }>(
      tx,
      sql`select count(*)::int as open from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
    ),
  );
  return row?.open ?? 0;
}

/**
 * While the download's body is unread: another user's request answers, and no transaction is left
 * open. The body is then read to its end before anything is asserted, so that a failing check still
 * lets the export finish and the test end cleanly.
 */
async function expectFreeWhileUnread(agent: Agent, url: string): Promise<Buffer> {
  const download = await downloadNotRead(agent, url);
  const other = admin.get(`/api/o/${s.org.id}/reporting/users/${s.una.id}`);
  const answered = await within(5_000, other);
  const leftOpen = await transactionsLeftOpen();
  const body = await readAll(download.body);
  await other;
  expect(download.status).toBe(200);
  expect(answered === 'timed out' ? answered : answered.statusCode).toBe(200);
  expect(leftOpen).toBe(0);
  return body;
}

/** The stored file of a version, as the file store keeps it. */
async function storedFileOf(documentId: number): Promise<{ storage_key: string }> {
  const [file] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ storage_key: string }>(
      tx,
      sql`select f.storage_key from pnp_documents d join stored_files f on f.org_id = d.org_id and f.id = d.file_id
           where d.id = ${documentId}`,
    ),
  );
  return file!;
}

const spooled = (): string[] => readdirSync(spoolDir);

/** The temporary files go when the answer has ended: after its last byte, not necessarily before the client has it. */
async function expectNoSpoolLeft(): Promise<void> {
  for (let waited = 0; spooled().length > 0 && waited < 5_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(spooled()).toEqual([]);
}

describe('a download is sent after its transaction has committed', () => {
  it.each(['csv', 'xlsx'] as const)(
    'a %s export the client does not read holds no transaction: other requests are answered',
    async (format) => {
      const bytes = await expectFreeWhileUnread(
        bossAgent,
        `/api/o/${bigOrgId}/reporting/pnp_documents?format=${format}&sort=pnp_name`,
      );
      if (format === 'csv') {
        expect(bytes.toString('utf8').trim().split('\r\n')).toHaveLength(ROWS + 1);
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
        expect(workbook.worksheets[0]!.actualRowCount).toBe(ROWS + 1);
      }
      await expectNoSpoolLeft();
    },
  );

  it('the retired P&P zip the client does not read holds no transaction: other requests are answered', async () => {
    // A version file larger than the buffers between server and client.
    const file = await storedFileOf(s.docs.delta1);
    const large = randomBytes(2_000_000);
    writeFileSync(path.join(t.deps.config.fileStoreDir, file.storage_key), large);
    const bytes = await expectFreeWhileUnread(
      admin,
      `/api/o/${s.org.id}/reporting/retired_pnps/${s.pnps.delta}/download_documents`,
    );
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual([
      `v1 - policy-${s.pnps.delta}-v1.txt`,
      `v2 - policy-${s.pnps.delta}-v2.txt`,
    ]);
    expect((await zip.file(`v1 - policy-${s.pnps.delta}-v1.txt`)!.async('nodebuffer')).equals(large)).toBe(true);
  });

  it('the retired P&P zip is still a clean 404, with no file name, when its first file is missing from storage', async () => {
    const file = await storedFileOf(s.docs.eta1);
    await t.deps.files.remove(file.storage_key);
    const res = await admin.get(`/api/o/${s.org.id}/reporting/retired_pnps/${s.pnps.eta}/download_documents`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('report export files', () => {
  it('a CSV export begins with the UTF-8 byte-order mark (Excel then reads accents) and announces its length', async () => {
    const res = await bossAgent.get(`/api/o/${bigOrgId}/reporting/pnp_documents?format=csv&q=Hygi`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="All_Versions_2026-11-23\.csv"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^P&P Name,/);
    expect(lines[1]).toMatch(/^Hygiène des mains,/);
    // A browser asks for it compressed: the length announced is then not the file's (none is).
    const compressed = await bossAgent.raw({
      method: 'GET',
      url: `/api/o/${bigOrgId}/reporting/pnp_documents?format=csv&q=Hygi`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-length']).toBeUndefined();
    expect(gunzipSync(compressed.rawPayload).equals(res.rawPayload)).toBe(true);
    await expectNoSpoolLeft();
  });

  it('an XLSX export announces its length, type and name', async () => {
    const res = await bossAgent.get(`/api/o/${bigOrgId}/reporting/pnp_documents?format=xlsx&q=Hygi`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="All_Versions_2026-11-23\.xlsx"/);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe('Hygiène des mains');
    await expectNoSpoolLeft();
  });

  it.each(['csv', 'xlsx'] as const)(
    'a %s export whose query fails in a later batch answers an error, not a cut-short file, and leaves no file',
    async (format) => {
      const res = await bossAgent.get(`/api/o/${bigOrgId}/test/failing_export?format=${format}`);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toBeUndefined();
      await expectNoSpoolLeft();
      // The connection is whole again: the next request is answered.
      expect((await admin.get(`/api/o/${s.org.id}/reporting/users/${s.una.id}`)).statusCode).toBe(200);
    },
  );

  it('the temporary file goes when the client leaves in the middle of the download', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/o/${bigOrgId}/reporting/pnp_documents?format=csv`,
          headers: { cookie: cookieOf(bossAgent) },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    await expectNoSpoolLeft();
  });
});
