import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReaderCandidate, ReaderSortKey } from '../../../shared/api/read-acks';
import { ReadAckStatus, TaskKind, TaskStatus, UserStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  groupMemberships,
  libraryViews,
  orgUsers,
  pnpDocuments,
  readAckGroups,
  readAckReaders,
  readAcknowledgements,
  tasks,
  userGroups,
} from '../../db/schema/index';

export type ReadAckRow = typeof readAcknowledgements.$inferSelect;
export type ReaderRow = typeof readAckReaders.$inferSelect;

export async function findReadAck(db: Executor, orgId: number, pnpId: number, id: number): Promise<ReadAckRow | null> {
  const [row] = await db
    .select()
    .from(readAcknowledgements)
    .where(
      and(
        eq(readAcknowledgements.orgId, orgId),
        eq(readAcknowledgements.pnpId, pnpId),
        eq(readAcknowledgements.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Locks one read acknowledgement: acknowledgements and edits of the same one queue up. */
export async function lockReadAck(db: Executor, orgId: number, id: number): Promise<void> {
  await db.execute(sql`select 1 from read_acknowledgements where org_id = ${orgId} and id = ${id} for update`);
}

export async function listReadAckRows(
  db: Executor,
  orgId: number,
  pnpId: number,
  status: number | undefined,
  id?: number,
): Promise<
  Array<ReadAckRow & { versionNumber: number | null; effectiveDt: string | null; createdByName: string | null }>
> {
  const creator = aliasedTable(orgUsers, 'creator');
  const rows = await db
    .select({
      ack: readAcknowledgements,
      versionNumber: pnpDocuments.versionNumber,
      effectiveDt: pnpDocuments.effectiveDt,
      first: creator.firstName,
      last: creator.lastName,
    })
    .from(readAcknowledgements)
    .leftJoin(
      pnpDocuments,
      and(eq(pnpDocuments.orgId, readAcknowledgements.orgId), eq(pnpDocuments.id, readAcknowledgements.documentId)),
    )
    .leftJoin(
      creator,
      and(eq(creator.orgId, readAcknowledgements.orgId), eq(creator.id, readAcknowledgements.createdBy)),
    )
    .where(
      and(
        eq(readAcknowledgements.orgId, orgId),
        eq(readAcknowledgements.pnpId, pnpId),
        status === undefined ? undefined : eq(readAcknowledgements.status, status),
        id === undefined ? undefined : eq(readAcknowledgements.id, id),
      ),
    )
    .orderBy(desc(readAcknowledgements.createdAt), desc(readAcknowledgements.id));
  return rows.map((r) => ({
    ...r.ack,
    versionNumber: r.versionNumber,
    effectiveDt: r.effectiveDt,
    createdByName: r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim(),
  }));
}

export interface ReaderView {
  readAckId: number;
  userId: number;
  name: string;
  email: string;
  viaGroupId: number | null;
  viaGroupName: string | null;
  completion: number;
  openedAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedDocumentId: number | null;
  acknowledgedVersionNumber: number | null;
}

/** Which readers, in which order: a column of the readers table and a direction, from `offset`. */
export interface ReaderPageSpec {
  readonly sort: ReaderSortKey;
  readonly dir: 'asc' | 'desc';
  readonly offset: number;
  readonly limit: number;
}

/** One page of a read acknowledgement's readers; ties (and the name column) go by last then first name. */
export async function listReaderPage(
  db: Executor,
  orgId: number,
  readAckId: number,
  spec: ReaderPageSpec,
): Promise<ReaderView[]> {
  const direction = spec.dir === 'desc' ? desc : asc;
  const byName = [sql`lower(${orgUsers.lastName})`, sql`lower(${orgUsers.firstName})`, orgUsers.id];
  const first = {
    name: [],
    group: [sql`lower(${userGroups.name})`],
    completion: [readAckReaders.completion],
    acknowledged: [readAckReaders.acknowledgedAt],
    version: [pnpDocuments.versionNumber],
  }[spec.sort];
  const rows = await db
    .select({
      r: readAckReaders,
      first: orgUsers.firstName,
      last: orgUsers.lastName,
      email: orgUsers.email,
      groupName: userGroups.name,
      versionNumber: pnpDocuments.versionNumber,
    })
    .from(readAckReaders)
    .innerJoin(orgUsers, and(eq(orgUsers.orgId, readAckReaders.orgId), eq(orgUsers.id, readAckReaders.userId)))
    .leftJoin(userGroups, and(eq(userGroups.orgId, readAckReaders.orgId), eq(userGroups.id, readAckReaders.viaGroupId)))
    .leftJoin(
      pnpDocuments,
      and(eq(pnpDocuments.orgId, readAckReaders.orgId), eq(pnpDocuments.id, readAckReaders.acknowledgedDocumentId)),
    )
    .where(and(eq(readAckReaders.orgId, orgId), eq(readAckReaders.readAckId, readAckId)))
    // Descending is the ascending order reversed, blanks first (as the web's sortable tables do).
    .orderBy(...[...first, ...byName].map((column) => direction(column)))
    .limit(spec.limit)
    .offset(spec.offset);
  return rows.map(({ r, first: firstName, last, email, groupName, versionNumber }) => ({
    readAckId: r.readAckId,
    userId: r.userId,
    name: `${firstName} ${last}`,
    email,
    viaGroupId: r.viaGroupId,
    viaGroupName: groupName,
    completion: r.completion,
    openedAt: r.openedAt,
    acknowledgedAt: r.acknowledgedAt,
    acknowledgedDocumentId: r.acknowledgedDocumentId,
    acknowledgedVersionNumber: versionNumber,
  }));
}

/** How many readers each read acknowledgement has, and how many of them acknowledged. */
export async function countReaders(
  db: Executor,
  orgId: number,
  readAckIds: number[],
): Promise<Map<number, { total: number; completed: number }>> {
  if (readAckIds.length === 0) return new Map();
  const rows = await db
    .select({
      readAckId: readAckReaders.readAckId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${readAckReaders.completion} = 1)::int`,
    })
    .from(readAckReaders)
    .innerJoin(orgUsers, and(eq(orgUsers.orgId, readAckReaders.orgId), eq(orgUsers.id, readAckReaders.userId)))
    .where(and(eq(readAckReaders.orgId, orgId), inArray(readAckReaders.readAckId, readAckIds)))
    .groupBy(readAckReaders.readAckId);
  return new Map(rows.map((r) => [r.readAckId, { total: Number(r.total), completed: Number(r.completed) }]));
}

/** The readers chosen by name (not through a group), in the order of their names: the edit form starts from them. */
export async function listNamedReaderIds(
  db: Executor,
  orgId: number,
  readAckIds: number[],
): Promise<Array<{ readAckId: number; userId: number }>> {
  if (readAckIds.length === 0) return [];
  return db
    .select({ readAckId: readAckReaders.readAckId, userId: readAckReaders.userId })
    .from(readAckReaders)
    .innerJoin(orgUsers, and(eq(orgUsers.orgId, readAckReaders.orgId), eq(orgUsers.id, readAckReaders.userId)))
    .where(
      and(
        eq(readAckReaders.orgId, orgId),
        inArray(readAckReaders.readAckId, readAckIds),
        isNull(readAckReaders.viaGroupId),
      ),
    )
    .orderBy(sql`lower(${orgUsers.lastName})`, sql`lower(${orgUsers.firstName})`, asc(orgUsers.id));
}

export async function listReadAckGroups(
  db: Executor,
  orgId: number,
  readAckIds: number[],
): Promise<Array<{ readAckId: number; id: number; name: string }>> {
  if (readAckIds.length === 0) return [];
  return db
    .select({ readAckId: readAckGroups.readAckId, id: userGroups.id, name: userGroups.name })
    .from(readAckGroups)
    .innerJoin(userGroups, and(eq(userGroups.orgId, readAckGroups.orgId), eq(userGroups.id, readAckGroups.groupId)))
    .where(and(eq(readAckGroups.orgId, orgId), inArray(readAckGroups.readAckId, readAckIds)))
    .orderBy(asc(userGroups.name));
}

/** Users of the org among `ids`, with whether they are active. */
export async function findUsers(
  db: Executor,
  orgId: number,
  ids: number[],
): Promise<Array<{ id: number; name: string; status: number }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: orgUsers.id, first: orgUsers.firstName, last: orgUsers.lastName, status: orgUsers.status })
    .from(orgUsers)
    .where(and(eq(orgUsers.orgId, orgId), inArray(orgUsers.id, ids)));
  return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`, status: r.status }));
}

export async function findGroups(
  db: Executor,
  orgId: number,
  ids: number[],
): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, ids)));
}

/** The active members of groups, each with the (first) group that brings them. */
export async function listActiveMembers(
  db: Executor,
  orgId: number,
  groupIds: number[],
): Promise<Array<{ userId: number; groupId: number }>> {
  if (groupIds.length === 0) return [];
  return db
    .select({ userId: groupMemberships.userId, groupId: groupMemberships.groupId })
    .from(groupMemberships)
    .innerJoin(orgUsers, and(eq(orgUsers.orgId, groupMemberships.orgId), eq(orgUsers.id, groupMemberships.userId)))
    .where(and(eq(groupMemberships.orgId, orgId), inArray(groupMemberships.groupId, groupIds), eq(orgUsers.status, 1)))
    .orderBy(asc(groupMemberships.groupId), asc(groupMemberships.userId));
}

/** Which of `userIds` may read the P&P (the same rule as the group trigger: migration 0008). */
export async function usersWhoSeePnp(
  db: Executor,
  orgId: number,
  pnpId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from org_users u
         where u.org_id = ${orgId}
           and u.id in (${sql.join(
             userIds.map((id) => sql`${id}`),
             sql`, `,
           )})
           and read_ack_user_sees_pnp(${orgId}, u.id, ${pnpId})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** What a candidate reader is, before the reason a refusal would give. */
export type CandidateFacts = Omit<ReaderCandidate, 'unavailable'> & { can_see: boolean };

/**
 * Active users and the groups of the org, found by name or e-mail (the access candidates' order: by
 * name, a user before a group of the same name), each with what decides whether it may read this
 * P&P (ADR 0026): whether a user can see it; whether a group has no active member or one who can
 * see it, and how many active members it has. Asked only of the page found: a user costs one check,
 * a group one per member until one who sees it is found (all of them only when none does).
 */
export async function searchReaderCandidates(
  db: Executor,
  orgId: number,
  pnpId: number,
  q: string | undefined,
  limit: number,
): Promise<CandidateFacts[]> {
  const pattern = q ? containsPattern(q.toLowerCase()) : null;
  const rows = await queryRows<{
    id: number;
    type: 'User' | 'Group';
    name: string;
    email: string | null;
    can_see: boolean;
    members: number | null;
  }>(
    db,
    sql`with found as (
          select * from (
            select id, 'User'::text as type, (first_name || ' ' || last_name)::text as name, email::text as email
              from org_users where org_id = ${orgId} and status = ${UserStatus.Active}
            union all
            select id, 'Group'::text as type, name::text as name, null::text as email
              from user_groups where org_id = ${orgId}
          ) x
          ${pattern ? sql`where lower(x.name) like ${pattern} or lower(coalesce(x.email, '')) like ${pattern}` : sql``}
          order by lower(x.name), x.type desc, x.id
          limit ${limit}
        ),
        facts as (
          select f.*,
                 case when f.type = 'Group' then (
                   select count(*)::int from group_memberships m
                     join org_users u on u.org_id = m.org_id and u.id = m.user_id and u.status = ${UserStatus.Active}
                    where m.org_id = ${orgId} and m.group_id = f.id) end as members
            from found f
        )
        select f.id, f.type, f.name, f.email, f.members,
               case when f.type = 'User' then read_ack_user_sees_pnp(${orgId}, f.id, ${pnpId})
                    else f.members = 0 or exists (
                      select 1 from group_memberships m
                        join org_users u on u.org_id = m.org_id and u.id = m.user_id and u.status = ${UserStatus.Active}
                       where m.org_id = ${orgId} and m.group_id = f.id
                         and read_ack_user_sees_pnp(${orgId}, m.user_id, ${pnpId}))
               end as can_see
          from facts f
         order by lower(f.name), f.type desc, f.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    name: r.name,
    email: r.email,
    can_see: r.can_see,
    members: r.members === null ? null : Number(r.members),
  }));
}

export interface MemberNotAskedRow {
  readAckId: number;
  userId: number;
  name: string;
  email: string;
  groupId: number;
  groupName: string;
  canSee: boolean;
}

/**
 * The active members of the read acknowledgements' groups who are not their readers (each once,
 * with the first of its groups by name), and whether each can see the read acknowledgement's P&P now.
 */
export async function listMembersNotAsked(
  db: Executor,
  orgId: number,
  readAckIds: number[],
): Promise<MemberNotAskedRow[]> {
  if (readAckIds.length === 0) return [];
  const rows = await queryRows<{
    read_ack_id: number;
    user_id: number;
    name: string;
    email: string;
    group_id: number;
    group_name: string;
    can_see: boolean;
  }>(
    db,
    sql`select * from (
          select distinct on (ra.id, u.id)
                 ra.id as read_ack_id, u.id as user_id, (u.first_name || ' ' || u.last_name)::text as name,
                 u.first_name, u.last_name, u.email::text as email, g.id as group_id, g.name::text as group_name,
                 read_ack_user_sees_pnp(${orgId}, u.id, ra.pnp_id) as can_see
            from read_acknowledgements ra
            join read_ack_groups rg on rg.org_id = ra.org_id and rg.read_ack_id = ra.id
            join user_groups g on g.org_id = rg.org_id and g.id = rg.group_id
            join group_memberships m on m.org_id = rg.org_id and m.group_id = rg.group_id
            join org_users u on u.org_id = m.org_id and u.id = m.user_id and u.status = ${UserStatus.Active}
           where ra.org_id = ${orgId} and ra.id = any(${intArray(readAckIds)})
             and not exists (select 1 from read_ack_readers r
                              where r.org_id = ra.org_id and r.read_ack_id = ra.id and r.user_id = u.id)
           order by ra.id, u.id, lower(g.name), g.id
        ) x
        order by x.read_ack_id, x.last_name, x.first_name, x.user_id`,
  );
  return rows.map((r) => ({
    readAckId: Number(r.read_ack_id),
    userId: Number(r.user_id),
    name: r.name,
    email: r.email,
    groupId: Number(r.group_id),
    groupName: r.group_name,
    canSee: r.can_see,
  }));
}

export async function countByStatus(db: Executor, orgId: number, pnpId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ status: readAcknowledgements.status, n: sql<number>`count(*)::int` })
    .from(readAcknowledgements)
    .where(and(eq(readAcknowledgements.orgId, orgId), eq(readAcknowledgements.pnpId, pnpId)))
    .groupBy(readAcknowledgements.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The caller's open Acknowledge tasks on a P&P (newest first), optionally on one version: there, one
 * at most, whichever of the version's read acknowledgements it stands for (ADR 0032).
 */
export async function openAcknowledgeTasks(
  db: Executor,
  orgId: number,
  userId: number,
  pnpId: number,
  documentId?: number,
): Promise<Array<typeof tasks.$inferSelect>> {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.orgId, orgId),
        eq(tasks.userId, userId),
        eq(tasks.pnpId, pnpId),
        eq(tasks.kind, TaskKind.Acknowledge),
        eq(tasks.status, TaskStatus.Open),
        sql`${tasks.readAckId} is not null`,
        documentId === undefined ? undefined : eq(tasks.documentId, documentId),
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id));
}

/**
 * Records a reader's acknowledgement of a version in every Active read acknowledgement of the P&P
 * that asks them for it and that they have not acknowledged yet; returns those, by id.
 */
export async function acknowledgeVersion(
  db: Executor,
  orgId: number,
  userId: number,
  reading: { pnpId: number; documentId: number; openedAt: Date; at: Date },
): Promise<Array<{ id: number; name: string }>> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`update read_ack_readers r
           set completion = 1, opened_at = ${reading.openedAt.toISOString()}::timestamptz,
               acknowledged_at = ${reading.at.toISOString()}::timestamptz,
               acknowledged_document_id = ${reading.documentId}
          from read_acknowledgements a
         where r.org_id = ${orgId} and r.user_id = ${userId} and r.completion = 0
           and a.org_id = r.org_id and a.id = r.read_ack_id and a.pnp_id = ${reading.pnpId}
           and a.document_id = ${reading.documentId} and a.status = ${ReadAckStatus.Active}
        returning a.id, a.name`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name })).sort((x, y) => x.id - y.id);
}

/** The reader's latest opening of a version at or after `since` (the library records each opening). */
export async function lastViewSince(
  db: Executor,
  orgId: number,
  userId: number,
  documentId: number,
  since: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: libraryViews.viewedAt })
    .from(libraryViews)
    .where(
      and(
        eq(libraryViews.orgId, orgId),
        eq(libraryViews.userId, userId),
        eq(libraryViews.documentId, documentId),
        sql`${libraryViews.viewedAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(desc(libraryViews.viewedAt))
    .limit(1);
  return row?.at ?? null;
}
