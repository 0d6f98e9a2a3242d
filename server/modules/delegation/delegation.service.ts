import type { Delegation, DelegationInput, DelegationResponse } from '../../../shared/api/delegation';
import { notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import {
  closeLapsedCopies,
  deleteDelegation,
  findActiveUser,
  findDelegation,
  findOrgUser,
  upsertDelegation,
  type DelegationRow,
} from './delegation.repo';
import { isoOfTimestamp } from '../../db/timestamps';

/** The longest away window: a year (a longer absence is a change of role, not an away window). */
export const MAX_WINDOW_MS = 366 * 24 * 60 * 60 * 1000;

const iso = isoOfTimestamp;

function present(row: DelegationRow, now: Date): Delegation {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    delegate_id: row.delegate_id,
    delegate_name: row.delegate_name,
    starts_at: iso(startsAt),
    ends_at: iso(endsAt),
    active: startsAt <= now && now < endsAt,
    created_by_name: row.created_by_name,
  };
}

/** The user's window that is active or still to come; an ended one is as good as none. */
export async function getDelegation(ctx: OrgCtx, userId: number): Promise<DelegationResponse> {
  const row = await findDelegation(ctx.tx, ctx.orgId, userId);
  if (!row || new Date(row.ends_at) <= ctx.now) return { delegation: null };
  return { delegation: present(row, ctx.now) };
}

/**
 * Sets a user's away window (replacing the one they had). Errors are the screen's, in words the
 * person reads: every problem at once.
 */
export async function setDelegation(
  ctx: OrgCtx,
  userId: number,
  input: DelegationInput,
  self: boolean,
): Promise<DelegationResponse> {
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  const errors: string[] = [];
  if (endsAt <= startsAt) errors.push('Away until must be after Away from.');
  else if (endsAt.getTime() - startsAt.getTime() > MAX_WINDOW_MS)
    errors.push('An away window can last at most a year.');
  if (endsAt <= ctx.now) errors.push('Away until must be in the future.');
  if (input.delegate_id === userId) {
    errors.push(
      self
        ? 'Your tasks cannot go to yourself: choose someone else.'
        : 'A person’s tasks cannot go to themselves: choose someone else.',
    );
  } else if (!(await findActiveUser(ctx.tx, ctx.orgId, input.delegate_id))) {
    errors.push('Choose an active user of your organization for the tasks to go to.');
  }
  if (errors.length > 0) throw unprocessable(...errors);
  await upsertDelegation(ctx.tx, ctx.orgId, {
    userId,
    delegateId: input.delegate_id,
    startsAt,
    endsAt,
    createdBy: ctx.actor.userId,
    now: ctx.now,
  });
  // A changed delegate or window: copies the new window no longer covers go back to the away user.
  await closeLapsedCopies(ctx.tx, ctx.orgId, { awayUserId: userId }, ctx.now);
  return getDelegation(ctx, userId);
}

/** Ends a user's window now (nothing routes any more; the delegate's copies close). */
export async function clearDelegation(ctx: OrgCtx, userId: number): Promise<void> {
  await deleteDelegation(ctx.tx, ctx.orgId, userId);
  await closeLapsedCopies(ctx.tx, ctx.orgId, { awayUserId: userId }, ctx.now);
}

/** The subject of the admin routes: a user of the caller's organisation, else "not found". */
export async function orgUserId(ctx: OrgCtx, userId: number): Promise<number> {
  const user = await findOrgUser(ctx.tx, ctx.orgId, userId);
  if (!user) throw notFound('The user');
  return user.id;
}
