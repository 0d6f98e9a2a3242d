import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { storedFiles } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { CheckedFile } from './file-validation';

export type StoredFile = typeof storedFiles.$inferSelect;

/** The row of a file whose bytes the store already holds under `storageKey`. */
export async function insertStoredFile(
  db: Executor,
  orgId: number,
  file: Omit<CheckedFile, 'bytes'>,
  storageKey: string,
  createdBy: number | null,
  createdAt: Date,
): Promise<StoredFile> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      orgId,
      storageKey,
      originalName: file.originalName,
      mimeType: file.mimeType,
      extension: file.extension,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      extractedText: file.extractedText,
      createdBy,
      createdAt,
    })
    .returning();
  return row!;
}

export async function findStoredFile(db: Executor, orgId: number, id: number): Promise<StoredFile | null> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.orgId, orgId), eq(storedFiles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getStoredFile(db: Executor, orgId: number, id: number): Promise<StoredFile> {
  const row = await findStoredFile(db, orgId, id);
  if (!row) throw notFound('The file');
  return row;
}
