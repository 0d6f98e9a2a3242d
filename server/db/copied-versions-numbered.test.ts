import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withSystem } from './tenant';
import { systemRows } from '../test/container-factories';
import { createContainer, createOrg } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { createPublishedPnp } from '../test/library-factories';

/**
 * Migration 0057 numbers the versions of P&Ps copied before a copy's first draft had a number: the
 * copy's first version had none and its first revision was numbered 1 again. Run here on such rows,
 * made as the old copy left them (the migration itself ran on the empty template, touching nothing).
 */
const MIGRATION = readFileSync(
  path.join(import.meta.dirname, 'migrations', '0057_copied_versions_numbered.sql'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const versionsOf = (pnpId: number) =>
  systemRows<{ version_number: number | null; status: number }>(
    t.deps,
    sql`select version_number, status::int as status from pnp_documents where pnp_id = ${pnpId} order by created_at, id`,
  );

/** A second version of the P&P, made a day after its first: a draft in Authoring. */
const addDraft = (orgId: number, pnpId: number, versionNumber: number | null) =>
  systemRows(
    t.deps,
    sql`insert into pnp_documents (org_id, pnp_id, version_number, status, draft_stage, file_id, created_by, created_at, updated_at)
        select org_id, pnp_id, ${versionNumber}::int, 1, 2, file_id, created_by, created_at + interval '1 day', updated_at
          from pnp_documents where pnp_id = ${pnpId} returning id`,
  );

describe('migration 0057', () => {
  it('numbers an old copy’s versions in the order they were made, and leaves numbered P&Ps alone', async () => {
    const org = await createOrg(t.deps);
    const binder = await createContainer(t.deps, org.id, { name: 'Copies' });
    // As the old copy left it: the first version without a number, its revision numbered 1.
    const copied = await createPublishedPnp(t.deps, org.id, binder.id, { name: 'Copied policy' });
    await systemRows(
      t.deps,
      sql`update pnp_documents set version_number = null where pnp_id = ${copied.id} returning id`,
    );
    await addDraft(org.id, copied.id, 1);
    // Numbered as it should be, with a draft of version 2.
    const numbered = await createPublishedPnp(t.deps, org.id, binder.id, { name: 'Created policy' });
    await addDraft(org.id, numbered.id, 2);
    expect(await versionsOf(copied.id)).toEqual([
      { version_number: null, status: 2 },
      { version_number: 1, status: 1 },
    ]);

    await withSystem(t.deps.database.db, (tx) => tx.execute(sql.raw(MIGRATION)));

    expect(await versionsOf(copied.id)).toEqual([
      { version_number: 1, status: 2 },
      { version_number: 2, status: 1 },
    ]);
    expect(await versionsOf(numbered.id)).toEqual([
      { version_number: 1, status: 2 },
      { version_number: 2, status: 1 },
    ]);
  });
});
