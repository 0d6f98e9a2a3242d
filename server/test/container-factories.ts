import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { pnpDocuments, pnps, storedFiles } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import { createContainer, createGroup, createOrg, createUser, grant } from './factories';

/** P&Ps with real stored files, for the tree, copy and delete tests of the containers module. */
export async function createTestPnp(
  deps: Deps,
  orgId: number,
  containerId: number,
  values: { name?: string; status?: 1 | 2 | 3; inheritsAccess?: boolean; fileText?: string; publishedAt?: Date } = {},
): Promise<{ id: number; name: string; fileId: number; storageKey: string }> {
  const name = values.name ?? `P&P ${randomBytes(4).toString('hex')}`;
  const status = values.status ?? 1;
  const bytes = Buffer.from(values.fileText ?? `The text of ${name}`);
  const storageKey = await deps.files.put(bytes, 'txt');
  return withSystem(deps.database.db, async (tx) => {
    const [file] = await tx
      .insert(storedFiles)
      .values({
        orgId,
        storageKey,
        originalName: `${name}.txt`,
        mimeType: 'text/plain',
        extension: 'txt',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        extractedText: bytes.toString(),
      })
      .returning();
    const [pnp] = await tx
      .insert(pnps)
      .values({ orgId, containerId, name, status, inheritsAccess: values.inheritsAccess ?? true, position: 1000 })
      .returning();
    const published = status !== 1;
    await tx.insert(pnpDocuments).values({
      orgId,
      pnpId: pnp!.id,
      versionNumber: published ? 1 : null,
      status: published ? 2 : 1,
      draftStage: published ? null : 2,
      fileId: file!.id,
      publishedAt: published ? (values.publishedAt ?? new Date()) : null,
    });
    return { id: pnp!.id, name, fileId: file!.id, storageKey };
  });
}

/** Rows of any table of one org, read as the system (for assertions the API does not expose). */
export async function systemRows<T>(deps: Deps, query: ReturnType<typeof sql>): Promise<T[]> {
  return withSystem(deps.database.db, (tx) => queryRows<T>(tx, query));
}

/**
 * A small organisation for the containers tests: an admin; Bea owns binder A (not B); Ann is an
 * Author on A; Una is Audience on A through a group; Stan has no role anywhere.
 * A holds folder A1 (with sub-folder A1a) and folder A2; B holds folder B1.
 */
export async function createTreeFixture(deps: Deps) {
  const org = await createOrg(deps);
  const admin = await createUser(deps, org.id, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  const owner = await createUser(deps, org.id, { firstName: 'Bea', lastName: 'Binder' });
  const author = await createUser(deps, org.id, { firstName: 'Ann', lastName: 'Author' });
  const audience = await createUser(deps, org.id, { firstName: 'Una', lastName: 'Audience' });
  const stranger = await createUser(deps, org.id, { firstName: 'Stan', lastName: 'Stranger' });
  const staff = await createGroup(deps, org.id, [audience.id], `Staff ${randomBytes(3).toString('hex')}`);
  const binderA = await createContainer(deps, org.id, { name: 'Binder A' });
  const binderB = await createContainer(deps, org.id, { name: 'Binder B' });
  const a1 = await createContainer(deps, org.id, { parentId: binderA.id, name: 'Folder A1' });
  const a1a = await createContainer(deps, org.id, { parentId: a1.id, name: 'Folder A1a' });
  const a2 = await createContainer(deps, org.id, { parentId: binderA.id, name: 'Folder A2' });
  const b1 = await createContainer(deps, org.id, { parentId: binderB.id, name: 'Folder B1' });
  await withSystem(deps.database.db, async (tx) => {
    // Distinct positions, as the API would have written them.
    await tx.execute(sql`update containers set position = 1 where id in (${binderB.id}, ${a2.id})`);
  });
  await grant(deps, org.id, { containerId: binderA.id }, { userId: owner.id }, 1);
  await grant(deps, org.id, { containerId: binderA.id }, { userId: author.id }, 2);
  await grant(deps, org.id, { containerId: binderA.id }, { groupId: staff.id }, 5);
  return { org, admin, owner, author, audience, stranger, staff, binderA, binderB, a1, a1a, a2, b1 };
}
export type TreeFixture = Awaited<ReturnType<typeof createTreeFixture>>;
