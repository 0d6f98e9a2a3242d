import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserBulkUpload, UserRowError } from '../../../shared/api/user-bulk-uploads';
import type { Executor } from '../../db/client';
import { bulkUploads, changeLogs, groupMemberships, orgUsers, userGroups, userLogs } from '../../db/schema/index';

export const USER_UPLOAD_KIND = 'users';

export interface ExistingUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  title: string | null;
  isAdmin: boolean;
  isPolicyOwner: boolean;
  status: number;
}

export const listExistingUsers = (db: Executor, orgId: number): Promise<ExistingUser[]> =>
  db
    .select({
      id: orgUsers.id,
      firstName: orgUsers.firstName,
      lastName: orgUsers.lastName,
      email: orgUsers.email,
      username: orgUsers.username,
      title: orgUsers.title,
      isAdmin: orgUsers.isAdmin,
      isPolicyOwner: orgUsers.isPolicyOwner,
      status: orgUsers.status,
    })
    .from(orgUsers)
    .where(eq(orgUsers.orgId, orgId));

export interface ExistingGroup {
  id: number;
  name: string;
  createdBySource: string;
}

export const listGroups = (db: Executor, orgId: number): Promise<ExistingGroup[]> =>
  db
    .select({ id: userGroups.id, name: userGroups.name, createdBySource: userGroups.createdBySource })
    .from(userGroups)
    .where(eq(userGroups.orgId, orgId));

/** Chunks keep each statement's parameters well under PostgreSQL's 65,535. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type NewUser = Omit<ExistingUser, 'id' | 'status'>;

/**
 * Inserts users; a username another organisation holds (usernames are unique across the product)
 * is skipped, and the caller reports it: the returned ids are those actually inserted.
 */
export async function insertUsers(
  db: Executor,
  orgId: number,
  users: NewUser[],
  at: Date,
): Promise<Array<{ id: number; username: string }>> {
  const inserted: Array<{ id: number; username: string }> = [];
  for (const part of chunks(users, 500)) {
    const rows = await db
      .insert(orgUsers)
      .values(part.map((u) => ({ ...u, orgId, createdFrom: 0, createdAt: at, updatedAt: at })))
      .onConflictDoNothing()
      .returning({ id: orgUsers.id, username: orgUsers.username });
    inserted.push(...rows);
  }
  return inserted;
}

export async function updateUser(
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<NewUser>,
  at: Date,
): Promise<void> {
  await db
    .update(orgUsers)
    .set({ ...values, updatedAt: at })
    .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.id, id)));
}

export interface Membership {
  groupId: number;
  userId: number;
}

/** Adds the memberships not held yet; answers those actually added (a held one is no change). */
export async function addMemberships(
  db: Executor,
  orgId: number,
  pairs: Membership[],
  at: Date,
): Promise<Membership[]> {
  const added: Membership[] = [];
  for (const part of chunks(pairs, 1000)) {
    const rows = await db
      .insert(groupMemberships)
      .values(part.map((p) => ({ orgId, ...p, createdAt: at })))
      .onConflictDoNothing()
      .returning({ groupId: groupMemberships.groupId, userId: groupMemberships.userId });
    added.push(...rows);
  }
  return added;
}

/** Moves updated_at on: the stale-save token of a group's or a user's edit screen. */
export async function touchGroups(db: Executor, orgId: number, ids: number[], at: Date): Promise<void> {
  for (const part of chunks(ids, 1000)) {
    await db
      .update(userGroups)
      .set({ updatedAt: at })
      .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, part)));
  }
}

export async function touchUsers(db: Executor, orgId: number, ids: number[], at: Date): Promise<void> {
  for (const part of chunks(ids, 1000)) {
    await db
      .update(orgUsers)
      .set({ updatedAt: at })
      .where(and(eq(orgUsers.orgId, orgId), inArray(orgUsers.id, part)));
  }
}

export async function insertUserLogs(
  db: Executor,
  orgId: number,
  entries: Array<{ userId: number; action: string; details: Record<string, unknown> }>,
  at: Date,
): Promise<void> {
  for (const part of chunks(entries, 1000)) {
    await db.insert(userLogs).values(part.map((e) => ({ orgId, ...e, createdAt: at })));
  }
}

/** Many change-log rows at once, written exactly as insertChangeLog writes one. */
export async function insertChangeLogRows(db: Executor, rows: Array<typeof changeLogs.$inferInsert>): Promise<void> {
  for (const part of chunks(rows, 500)) await db.insert(changeLogs).values(part);
}

export async function startUpload(
  db: Executor,
  orgId: number,
  fileName: string | null,
  by: number,
  at: Date,
): Promise<number> {
  const [row] = await db
    .insert(bulkUploads)
    .values({ orgId, kind: USER_UPLOAD_KIND, status: 'processing', fileName, createdBy: by, createdAt: at })
    .returning({ id: bulkUploads.id });
  return row!.id;
}

export interface UploadOutcome {
  status: 'completed' | 'failed';
  total: number;
  succeeded: number;
  failed: number;
  /** The problems kept for the history (the first MAX_LISTED_ERRORS). */
  errors: UserRowError[];
  /** How many problems the file had in all. */
  errorCount: number;
  created: number;
  updated: number;
}

export async function finishUpload(
  db: Executor,
  orgId: number,
  id: number,
  outcome: UploadOutcome,
  at: Date,
): Promise<void> {
  await db
    .update(bulkUploads)
    .set({
      status: outcome.status,
      total: outcome.total,
      succeeded: outcome.succeeded,
      failed: outcome.failed,
      // The counts of created and updated users, and of all the problems, ride along with the errors' list.
      errors: { rows: outcome.errors, count: outcome.errorCount, created: outcome.created, updated: outcome.updated },
      finishedAt: at,
    })
    .where(and(eq(bulkUploads.orgId, orgId), eq(bulkUploads.id, id)));
}

interface StoredErrors {
  rows?: UserRowError[];
  /** All the problems (uploads recorded before it was kept: as many as `rows`). */
  count?: number;
  created?: number;
  updated?: number;
}

/** The organisation's user uploads, newest first, with who uploaded each. */
export async function listUploads(db: Executor, orgId: number, id?: number): Promise<UserBulkUpload[]> {
  const rows = await db
    .select({
      upload: bulkUploads,
      by: sql<
        string | null
      >`(select ${orgUsers.firstName} || ' ' || ${orgUsers.lastName} from ${orgUsers} where ${orgUsers.orgId} = ${bulkUploads.orgId} and ${orgUsers.id} = ${bulkUploads.createdBy})`,
    })
    .from(bulkUploads)
    .where(
      and(
        eq(bulkUploads.orgId, orgId),
        eq(bulkUploads.kind, USER_UPLOAD_KIND),
        id === undefined ? undefined : eq(bulkUploads.id, id),
      ),
    )
    .orderBy(desc(bulkUploads.createdAt), desc(bulkUploads.id))
    .limit(500);
  return rows.map(({ upload, by }) => {
    const stored = (Array.isArray(upload.errors) ? { rows: upload.errors } : upload.errors) as StoredErrors;
    return {
      id: upload.id,
      status: upload.status as UserBulkUpload['status'],
      file_name: upload.fileName,
      total: upload.total,
      succeeded: upload.succeeded,
      failed: upload.failed,
      created: stored.created ?? 0,
      updated: stored.updated ?? 0,
      errors: stored.rows ?? [],
      error_count: stored.count ?? stored.rows?.length ?? 0,
      created_by: upload.createdBy,
      created_by_name: by,
      created_at: upload.createdAt.toISOString(),
    };
  });
}
