import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { pnpDocuments, storedFiles } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './demo';
import { DEMO_STAFF, DEMO_USERS } from './demo-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('is written once on an empty database and never again', async () => {
    expect(await seedDemo(t.deps)).toBe(true);
    expect(await seedDemo(t.deps)).toBe(false);
    const [counts] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ orgs: number; users: number; pnps: number }>(
        tx,
        sql`select (select count(*) from organizations)::int as orgs, (select count(*) from org_users)::int as users,
                   (select count(*) from pnps where status = 2)::int as pnps`,
      ),
    );
    expect(counts).toEqual({ orgs: 1, users: DEMO_USERS.length, pnps: 5 });
  });

  it('every demo sign-in of the README works, with the role it claims', async () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const user of [DEMO_STAFF, ...DEMO_USERS]) {
      expect(readme).toContain(`| ${user.role} | \`${user.username}\` | \`${user.password}\` |`);
      const agent = await t.signIn(user.username, user.password);
      const session = (await agent.get('/api/sessions')).json();
      expect(session.valid).toBe(true);
      if (user === DEMO_STAFF) expect(session.hstm).toBe('2 3 4 5');
      if (user.username === 'ada.admin') expect(session.admin).toBe(true);
      if (user.username === 'paul.owner') expect(session.p_owner).toBe(true);
      if (user.username === 'bea.binder') expect(session.binder_or_folder_owner).toBe(true);
      if (user.username === 'nora.nurse') expect([session.admin, session.p_owner, session.binder_or_folder_owner]).toEqual([false, false, false]);
    }
  }, 30_000);

  it('published P&Ps hold real DOCX and PDF files', async () => {
    const files = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select({ key: storedFiles.storageKey, ext: storedFiles.extension, text: storedFiles.extractedText })
        .from(pnpDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, pnpDocuments.fileId)),
    );
    expect(new Set(files.map((f) => f.ext))).toEqual(new Set(['docx', 'pdf']));
    for (const file of files) {
      const bytes = await t.deps.files.get(file.key);
      const magic = bytes.subarray(0, 4).toString('latin1');
      expect(magic).toBe(file.ext === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
      expect(file.text.length).toBeGreaterThan(50);
    }
  });
});
