import { and, eq } from 'drizzle-orm';
import type { ReadAckInput } from '../../../shared/api/read-acks';
import {
  SUPPORTED_MAX_DATE,
  formatDisplayDate,
  formatIsoDate,
  toUtcCalendarDate,
  validateDateText,
} from '../../../shared/domain/dates';
import { isFutureDate } from '../../../shared/domain/review-dates';
import { readAckGroups, readAckReaders } from '../../db/schema/index';
import type { OrgCtx } from '../../http/routes';
import { utcDate } from '../../platform/clock';
import { findGroups, findUsers, listActiveMembers, usersWhoSeePnp, type ReadAckRow } from './read-acks.repo';

/** The readers wanted: user id -> the group that brings them (null when chosen by name). */
export interface ChosenReaders {
  wanted: Map<number, number | null>;
  groupIds: number[];
  /** Active members of the chosen groups who cannot see the P&P: not asked (ADR 0026). */
  notAsked: number[];
  errors: string[];
}

const unique = (ids: number[]): number[] => [...new Set(ids)];

/** Due date: a real date, today or later (UTC); an unchanged date may stay as it was. */
export function dueDateError(text: string, now: Date, unchanged: string | null = null): string | null {
  const today = toUtcCalendarDate(utcDate(now))!;
  const parsed = validateDateText(text, { maxDate: SUPPORTED_MAX_DATE });
  if (!parsed.ok || !parsed.date) return 'Due date must be a real calendar date written as yyyy-mm-dd.';
  const iso = formatIsoDate(parsed.date);
  if (unchanged !== null && iso === unchanged) return null;
  if (iso < formatIsoDate(today)) return 'Due date must be today or later.';
  return null;
}

/**
 * Due date of a scheduled version (effective date in the future): not before that effective date.
 * The library shows a P&P only from its effective date, so readers cannot open and acknowledge it
 * before then; an earlier due date would make them overdue on a task they could not do.
 */
export function scheduledDueDateError(text: string, effectiveDt: string | null, now: Date): string | null {
  if (!effectiveDt || !isFutureDate(effectiveDt, utcDate(now))) return null;
  const parsed = validateDateText(text, { maxDate: SUPPORTED_MAX_DATE });
  if (!parsed.ok || !parsed.date) return null;
  if (formatIsoDate(parsed.date) >= effectiveDt) return null;
  return `Due date must be on or after the Effective Date (${formatDisplayDate(effectiveDt)}): readers cannot open it before then.`;
}

export const normaliseDate = (text: string): string => {
  const parsed = validateDateText(text);
  return parsed.ok && parsed.date ? formatIsoDate(parsed.date) : text;
};

/**
 * Turns the chosen users and groups into readers (ADR 0026). Refused by name: unknown ids, inactive
 * users, users who cannot see the P&P (an org admin always can), and a group none of whose active
 * members can. A group's members count when they are active and may see it; those who cannot are
 * not asked and are returned as `notAsked`. `acknowledged` are readers who have already acknowledged
 * (when editing): what they read is a fact, so they stay whatever their access or status is now.
 */
export async function chooseReaders(
  ctx: OrgCtx,
  pnpId: number,
  input: ReadAckInput,
  acknowledged: ReadonlySet<number> = new Set(),
): Promise<ChosenReaders> {
  const userIds = unique(input.user_ids);
  const groupIds = unique(input.group_ids);
  const errors: string[] = [];
  const wanted = new Map<number, number | null>();
  if (userIds.length + groupIds.length === 0) {
    return { wanted, groupIds, notAsked: [], errors: ['Choose at least one reader: a user or a group.'] };
  }
  const users = await findUsers(ctx.tx, ctx.orgId, userIds);
  const missingUsers = userIds.filter((id) => !users.some((u) => u.id === id));
  if (missingUsers.length > 0) errors.push(`These users were not found: ${missingUsers.join(', ')}.`);
  const groups = await findGroups(ctx.tx, ctx.orgId, groupIds);
  const missingGroups = groupIds.filter((id) => !groups.some((g) => g.id === id));
  if (missingGroups.length > 0) errors.push(`These groups were not found: ${missingGroups.join(', ')}.`);
  const seeing = await usersWhoSeePnp(
    ctx.tx,
    ctx.orgId,
    pnpId,
    users.map((u) => u.id),
  );
  for (const user of users) {
    if (acknowledged.has(user.id)) wanted.set(user.id, null);
    else if (user.status !== 1) errors.push(`${user.name} is not an active user and cannot be a reader.`);
    else if (!seeing.has(user.id)) errors.push(`${user.name} cannot see this P&P: give them a role on it first.`);
    else wanted.set(user.id, null);
  }
  const members = await listActiveMembers(
    ctx.tx,
    ctx.orgId,
    groups.map((g) => g.id),
  );
  const membersSeeing = await usersWhoSeePnp(ctx.tx, ctx.orgId, pnpId, unique(members.map((m) => m.userId)));
  for (const group of groups) {
    const own = members.filter((m) => m.groupId === group.id);
    if (own.length > 0 && !own.some((m) => membersSeeing.has(m.userId) || acknowledged.has(m.userId)))
      errors.push(`None of the members of ${group.name} can see this P&P: give the group a role on it first.`);
  }
  const notAsked = new Set<number>();
  for (const m of members) {
    if (wanted.has(m.userId)) continue;
    if (membersSeeing.has(m.userId) || acknowledged.has(m.userId)) wanted.set(m.userId, m.groupId);
    else notAsked.add(m.userId);
  }
  if (errors.length === 0 && wanted.size === 0) {
    errors.push('The chosen groups have no active members yet: choose at least one reader who can see this P&P.');
  }
  return { wanted, groupIds: groups.map((g) => g.id), notAsked: [...notAsked], errors };
}

/**
 * Gives readers their reader row. Their Acknowledge task follows from the rows
 * (`syncAcknowledgeTasks`, once the read acknowledgement's readers are all set): one per reader and
 * version, however many read acknowledgements ask them (ADR 0032).
 */
export async function addReaders(ctx: OrgCtx, ack: ReadAckRow, readers: Array<[number, number | null]>): Promise<void> {
  if (readers.length === 0) return;
  await ctx.tx
    .insert(readAckReaders)
    .values(
      readers.map(([userId, viaGroupId]) => ({
        orgId: ctx.orgId,
        readAckId: ack.id,
        userId,
        viaGroupId,
        createdAt: ctx.now,
      })),
    )
    .onConflictDoNothing();
}

/** The groups of a read acknowledgement become exactly `groupIds`. */
export async function setGroups(ctx: OrgCtx, readAckId: number, groupIds: number[]): Promise<void> {
  await ctx.tx
    .delete(readAckGroups)
    .where(and(eq(readAckGroups.orgId, ctx.orgId), eq(readAckGroups.readAckId, readAckId)));
  if (groupIds.length > 0) {
    await ctx.tx.insert(readAckGroups).values(groupIds.map((groupId) => ({ orgId: ctx.orgId, readAckId, groupId })));
  }
}
