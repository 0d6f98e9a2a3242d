import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { CHANGE_LOG_LIMIT, type ChangeLogList } from '../../../shared/api/change-logs';
import type { Executor } from '../../db/client';
import { changeLogs } from '../../db/schema/index';
import type { OrgActor } from '../../http/actor';
import {
  linkedPnpsAsked,
  presentLinkedPnps,
  seesNoLinkedPnp,
  type LinkedPnpsReader,
  type StoredChangeLogDeltas,
} from './linked-pnps';

/** Object types written on change logs. */
export type ChangeLogObjectType =
  'Binder' | 'Folder' | 'Pnp' | 'PnpDocument' | 'UserGroup' | 'User' | 'ReadAcknowledgement';

export interface NewChangeLog {
  objectType: ChangeLogObjectType;
  objectId: number;
  objectName: string;
  actionName: string;
  deltas?: StoredChangeLogDeltas;
  sourceName?: string | null;
  targetNames?: string[] | null;
}

/**
 * Who an entry names: a signed-in person (an `OrgActor` is one), or a job no person runs, which has
 * no user id or e-mail (the directory sync deactivating a user it no longer lists).
 */
export type ChangeLogAuthor = Pick<OrgActor, 'orgId' | 'name' | 'sudoer'> & {
  userId: number | null;
  email: string | null;
};

/** Writes one change-log entry in the caller's transaction: who (and the sudoer), when, what. */
export async function insertChangeLog(
  db: Executor,
  actor: ChangeLogAuthor,
  at: Date,
  entry: NewChangeLog,
): Promise<void> {
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

/** Objects whose entries a change log lists: each type with its ids. */
export type ChangeLogObjects = ReadonlyArray<{ type: ChangeLogObjectType; ids: readonly number[] }>;

/**
 * The entries of one or more objects, newest first, in one list of at most CHANGE_LOG_LIMIT;
 * `truncated` when there are more (a P&P's own entries and its versions' were two lists, each
 * stopped apart, so merged they could miss entries between the two).
 * `readLinkedPnps` says which linked P&Ps the reader may see: only their names are shown (none
 * unless the caller checks, see linked-pnps.ts).
 */
export async function listChangeLogs(
  db: Executor,
  orgId: number,
  objects: ChangeLogObjects,
  readLinkedPnps: LinkedPnpsReader = seesNoLinkedPnp,
): Promise<ChangeLogList> {
  const wanted = objects.filter((o) => o.ids.length > 0);
  if (wanted.length === 0) return { change_logs: [] };
  const rows = await db
    .select()
    .from(changeLogs)
    .where(
      and(
        eq(changeLogs.orgId, orgId),
        or(...wanted.map((o) => and(eq(changeLogs.objectType, o.type), inArray(changeLogs.objectId, [...o.ids])))),
      ),
    )
    .orderBy(desc(changeLogs.createdAt), desc(changeLogs.id))
    .limit(CHANGE_LOG_LIMIT + 1);
  const truncated = rows.length > CHANGE_LOG_LIMIT;
  const listed = truncated ? rows.slice(0, CHANGE_LOG_LIMIT) : rows;
  const asListed = (row: (typeof listed)[number]) => ({ action_name: row.actionName, deltas: row.deltas });
  const seen = await readLinkedPnps(linkedPnpsAsked(listed.map(asListed)));
  const entries = listed.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    created_by_user: row.sudoerName ? `${row.createdByUser} (as ${row.sudoerName})` : row.createdByUser,
    created_by_email: row.createdByEmail,
    sudoer_name: row.sudoerName,
    object_type: row.objectType,
    object_name: row.objectName,
    action_name: row.actionName,
    deltas: presentLinkedPnps(asListed(row), seen),
    source_name: row.sourceName,
    target_names: (row.targetNames as string[] | null) ?? null,
  }));
  return { change_logs: entries, ...(truncated ? { truncated: true } : {}) };
}

/** `changed` deltas of the fields that differ: { field: [old, new] }. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changed[key] = [before[key] ?? null, value];
  }
  return changed;
}
