import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ChangeLogDeltas, ChangeLogEntry } from '../../../shared/api/change-logs';
import type { Executor } from '../../db/client';
import { changeLogs } from '../../db/schema/index';
import type { OrgActor } from '../../http/actor';

/** Object types written on change logs. */
export type ChangeLogObjectType = 'Binder' | 'Folder' | 'Pnp' | 'PnpDocument' | 'UserGroup' | 'User' | 'ReadAcknowledgement';

export interface NewChangeLog {
  objectType: ChangeLogObjectType;
  objectId: number;
  objectName: string;
  actionName: string;
  deltas?: ChangeLogDeltas;
  sourceName?: string | null;
  targetNames?: string[] | null;
}

/** Writes one change-log entry in the caller's transaction: who (and the sudoer), when, what. */
export async function insertChangeLog(db: Executor, actor: OrgActor, at: Date, entry: NewChangeLog): Promise<void> {
  await db.insert(changeLogs).values({
    orgId: actor.orgId,
    objectType: entry.objectType,
    objectId: entry.objectId,
    objectName: entry.objectName.slice(0, 255),
    actionName: entry.actionName,
    deltas: entry.deltas ?? {},
    createdByUserId: actor.userId,
    createdByUser: actor.name,
    createdByEmail: actor.email,
    sudoerName: actor.sudoer?.name ?? null,
    sourceName: entry.sourceName ?? null,
    targetNames: entry.targetNames ?? null,
    createdAt: at,
  });
}

/** The entries of one or more objects, newest first. */
export async function listChangeLogs(
  db: Executor,
  orgId: number,
  objectTypes: ChangeLogObjectType[],
  objectIds: number[],
): Promise<ChangeLogEntry[]> {
  if (objectIds.length === 0) return [];
  const rows = await db
    .select()
    .from(changeLogs)
    .where(and(eq(changeLogs.orgId, orgId), inArray(changeLogs.objectType, objectTypes), inArray(changeLogs.objectId, objectIds)))
    .orderBy(desc(changeLogs.createdAt), desc(changeLogs.id))
    .limit(1000);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    created_by_user: row.sudoerName ? `${row.createdByUser} (as ${row.sudoerName})` : row.createdByUser,
    created_by_email: row.createdByEmail,
    sudoer_name: row.sudoerName,
    object_type: row.objectType,
    object_name: row.objectName,
    action_name: row.actionName,
    deltas: row.deltas as ChangeLogDeltas,
    source_name: row.sourceName,
    target_names: (row.targetNames as string[] | null) ?? null,
  }));
}

/** `changed` deltas of the fields that differ: { field: [old, new] }. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changed[key] = [before[key] ?? null, value];
  }
  return changed;
}
