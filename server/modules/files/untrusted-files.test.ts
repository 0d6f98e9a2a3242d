import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, postForm, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import {
  distinctLines,
  distinctWords,
  docxDocumentBomb,
  docxNested,
  pdfManyPages,
  pdfStreamBomb,
} from './hostile-files';
import { closeParserPool, configureParserPool, parserPool } from './parser-pool';
import type { ParserLimits, PoolLimits } from './parser-limits';

const MiB = 1024 * 1024;
let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let pnpId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
  pnpId = (await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, 'Attack target')).pnp.id;
});
afterAll(async () => {
  await closeParserPool();
  await t.close();
});
// Each attack starts on a fresh pool: no thread is warm, no earlier job's memory is counted.
beforeEach(async () => {
  await configureParserPool({});
});

interface Attack {
  res: LightMyRequestResponse;
  /** How long the cheap request took, sent while the attack's parser job was running. */
  healthMs: number;
  /** Whether the cheap request was answered before the attack's answer. */
  healthFirst: boolean;
  attackMs: number;
  heapGrowthMb: number;
}

/**
 * Sends the attack, waits until its parser job has been handed to the pool, then asks
 * GET /api/health: the request thread must answer at once, long before the attack's answer.
 */
async function duringAttack(send: () => Promise<LightMyRequestResponse>): Promise<Attack> {
  const pool = parserPool();
  const jobsBefore = pool.jobsStarted;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  let attackDone = Infinity;
  const attack = send().then((res) => {
    attackDone = performance.now();
    return res;
  });
  while (pool.jobsStarted === jobsBefore && attackDone === Infinity) await new Promise((r) => setImmediate(r));
  const healthStart = performance.now();
  const health = await t.anonymous().get('/api/health');
  const healthDone = performance.now();
  expect(health.statusCode).toBe(200);
  const res = await attack;
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    res,
    healthMs: Math.round(healthDone - healthStart),
    healthFirst: healthDone < attackDone,
    attackMs: Math.round(attackDone - started),
    heapGrowthMb: Math.round((heapAfter - heapBefore) / MiB),
  };
}

const attach = (agent: Agent, name: string, bytes: Buffer) =>
  postForm(agent, `/api/o/${w.org.id}/pnps/${pnpId}/attachments`, {}, [{ name, bytes }]);

function expectSurvived(attack: Attack, status: number, message: string | RegExp): void {
  console.info(`attack ${attack.attackMs} ms, health ${attack.healthMs} ms, heap +${attack.heapGrowthMb} MB`);
  expect(attack.res.statusCode).toBe(status);
  if (status === 422) expect(attack.res.json().errors[0]).toMatch(message);
  expect(attack.healthFirst).toBe(true);
  expect(attack.healthMs).toBeLessThan(1_000);
  expect(attack.heapGrowthMb).toBeLessThan(64);
}

describe('hostile files are refused in a worker while the server keeps answering', { timeout: 90_000 }, () => {
  it('a DOCX whose word/document.xml inflates to 120 MiB (headers lying about it)', async () => {
    const bomb = docxDocumentBomb(120 * MiB, 1024);
    expect(bomb.length).toBeLessThan(MiB);
    expectSurvived(
      await duringAttack(() => attach(a.binderOwner, 'bomb.docx', bomb)),
      422,
      'The file bomb.docx holds a part that expands to more than 64 MB when opened and was refused.',
    );
  });

  it('the same bomb with honest headers is refused from its directory', async () => {
    const bomb = docxDocumentBomb(120 * MiB);
    expectSurvived(
      await duringAttack(() => attach(a.binderOwner, 'honest-bomb.docx', bomb)),
      422,
      'The file honest-bomb.docx holds a part that expands to more than 64 MB when opened and was refused.',
    );
  });

  it('a DOCX of 200,000 nested elements', async () => {
    const nested = docxNested(200_000);
    expect(nested.length).toBeLessThan(64 * 1024);
    expectSurvived(
      await duringAttack(() => attach(a.binderOwner, 'nested.docx', nested)),
      422,
      'The file nested.docx is nested more than 500 levels deep and is too complex to be read safely.',
    );
  });

  it('a PDF whose one content stream inflates to 160 MiB', async () => {
    const bomb = pdfStreamBomb(160 * MiB);
    expect(bomb.length).toBeLessThan(MiB);
    expectSurvived(
      await duringAttack(() => attach(a.binderOwner, 'stream.pdf', bomb)),
      422,
      'The file stream.pdf holds a part that expands to more than 64 MB when read and was refused.',
    );
  });

  it('a PDF of 50,000 pages is refused by its page count before any page is read', async () => {
    const pages = pdfManyPages(50_000);
    expectSurvived(
      await duringAttack(() => attach(a.binderOwner, 'pages.pdf', pages)),
      422,
      'The file pages.pdf has more than 2,000 pages, more than can be read safely.',
    );
  });
});

describe('a job past its limits is killed, not the server', { timeout: 90_000 }, () => {
  const shrink = (pool: Partial<PoolLimits>, parser: Partial<ParserLimits>) => configureParserPool({ pool, parser });

  it('past its wall clock: the thread is stopped and the answer says it took too long', async () => {
    // The stream check is lifted so pdf.js itself chews on 96 MiB of drawing operators.
    await shrink({ timeoutMs: 1_500 }, { pdfMaxStreamBytes: 1024 * MiB });
    const attack = await duringAttack(() => attach(a.binderOwner, 'slow.pdf', pdfStreamBomb(96 * MiB, '0 0 m ')));
    expectSurvived(attack, 422, /^The file slow\.pdf (took too long to read|is too complex to be read safely)/);
    expect(attack.attackMs).toBeLessThan(10_000);
  });

  it('past its heap: the thread is killed and the answer says the file is too complex', async () => {
    await shrink({ heapMb: 48, timeoutMs: 60_000 }, { pdfMaxStreamBytes: 1024 * MiB });
    const attack = await duringAttack(() => attach(a.binderOwner, 'heavy.pdf', pdfStreamBomb(64 * MiB, '0 0 m ')));
    expectSurvived(attack, 422, 'The file heavy.pdf is too complex to be read safely.');
  });

  it('a full queue is a 503 the client may retry, not an endless wait', async () => {
    await shrink({ maxThreads: 1, maxQueue: 1 }, {});
    const bomb = docxDocumentBomb(60 * MiB, 1024);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => attach(a.binderOwner, `queued-${n}.docx`, bomb)));
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json().errors).toEqual(['The server is busy reading other files. Please try again in a minute.']);
    expect(parserPool().jobsInFlight).toBe(0);
  });
});

describe('long texts', { timeout: 90_000 }, () => {
  it('a 2 MB text of 190,000 distinct words is accepted, indexed in part, and says so', async () => {
    const text = distinctWords(190_000, 'quillw');
    expect(text.length).toBeGreaterThan(1.8 * MiB);
    const attack = await duringAttack(() =>
      postForm(
        a.binderOwner,
        `/api/o/${w.org.id}/pnps`,
        { pnp: JSON.stringify({ name: 'Long text', container_id: w.folder.id }), document: '{}' },
        [{ name: 'long.txt', bytes: Buffer.from(text) }],
      ),
    );
    expectSurvived(attack, 201, '');
    const fileId = attack.res.json().pnp_document.file.id as number;
    expect(attack.res.json().pnp_document.file.search_truncated).toBe(true);
    const [row] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ truncated: boolean; first: boolean; last: boolean }>(
        tx,
        sql`select search_text_truncated as truncated,
                   search_vector @@ to_tsquery('english', 'quillw0') as first,
                   search_vector @@ to_tsquery('english', ${`quillw${(189_999).toString(36)}`}) as last
              from stored_files where id = ${fileId}`,
      ),
    );
    expect(row).toEqual({ truncated: true, first: true, last: false });
  });

  it('the index bound holds for the costliest text: one-character words of four-byte characters', async () => {
    // U+20000 onwards: CJK Extension B, each a word of its own, each 4 bytes in UTF-8.
    const words = Array.from({ length: 80_000 }, (_, i) => String.fromCodePoint(0x20000 + i)).join(' ');
    const rows = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ bytes: number }>(
        tx,
        sql`select pg_column_size(to_tsvector('english', left(${words}, 150000)))::int as bytes`,
      ),
    );
    expect(rows[0]!.bytes).toBeLessThan(1024 * 1024);
  });

  it('comparing two versions of 8,000 distinct lines answers 422 at once instead of blocking', async () => {
    const pnp = await postForm(
      a.binderOwner,
      `/api/o/${w.org.id}/pnps`,
      { pnp: JSON.stringify({ name: 'Long compare', container_id: w.folder.id }), document: '{}' },
      [{ name: 'v1.txt', bytes: Buffer.from(distinctLines(8_000, 'Old')) }],
    );
    const ref = { pnpId: pnp.json().pnp.id as number, docId: pnp.json().pnp_document.id as number };
    const act = (agent: Agent, body: Record<string, unknown>) =>
      agent.post(`/api/o/${w.org.id}/pnp_documents/${ref.docId}/workflow?pnp_id=${ref.pnpId}`, body);
    expect((await act(a.author, { action: 'submit' })).statusCode).toBe(200);
    expect((await act(a.reviewer, { action: 'accept_review' })).statusCode).toBe(200);
    expect((await act(a.approver1, { action: 'approve' })).statusCode).toBe(200);
    const published = await act(a.binderOwner, {
      action: 'publish',
      effective_dt: '2026-01-01',
      review_cycle_years: 3,
      reminder_days: 180,
    });
    expect(published.statusCode).toBe(200);
    const revision = await a.binderOwner.post(
      `/api/o/${w.org.id}/pnp_documents/${ref.docId}/start_revision?pnp_id=${ref.pnpId}`,
      {},
    );
    expect(revision.statusCode).toBe(201);
    const draftId = revision.json().pnp_document.id as number;
    const upload = await postForm(
      a.binderOwner,
      `/api/o/${w.org.id}/pnps/${ref.pnpId}/pnp_documents/${draftId}/upload_document`,
      {},
      [{ name: 'v2.txt', bytes: Buffer.from(distinctLines(8_000, 'New')) }],
    );
    expect(upload.statusCode).toBe(200);
    const attack = await duringAttack(() =>
      a.binderOwner.get(`/api/o/${w.org.id}/pnp_documents/compare?pnp_id=${ref.pnpId}&from=${ref.docId}&to=${draftId}`),
    );
    expectSurvived(
      attack,
      422,
      'These versions differ in more than 2,000 lines and are too different to compare line by line. Open each version to read it.',
    );
    expect(attack.attackMs).toBeLessThan(15_000);
  });
});
