import type { OrgActor } from '../../http/actor';
import type { OrgCtx } from '../../http/routes';

/**
 * A request context that acts for someone else: a delegate taking an away user's task (ADR 0011).
 * `ctx.actor` stays the person who acts (sessions, audit); the principal is whose person-slot the
 * workflow decides and records for ("X for Y"). Kept beside the context object rather than in it, so
 * that only the code that derived the context carries it and it ends with the request.
 */
const principals = new WeakMap<ActingCtx, OrgActor>();

/** What the functions below read of a context: who acts (a request's, or a background job's). */
export type ActingCtx = Pick<OrgCtx, 'actor'>;

/** The person the request acts for, when it acts as a delegate; null otherwise. */
export const actingFor = (ctx: ActingCtx): OrgActor | null => principals.get(ctx) ?? null;

/** A copy of the request context that acts for `principal` (the away user). */
export function asDelegateOf(ctx: OrgCtx, principal: OrgActor): OrgCtx {
  const derived: OrgCtx = { ...ctx };
  principals.set(derived, principal);
  return derived;
}

/** Who the workflow decides for: the principal when acting as a delegate, else the caller. */
export const principalOf = (ctx: ActingCtx): OrgActor => actingFor(ctx) ?? ctx.actor;

/** 'Dee Delegate for Al Approver': the name history and change logs show for a delegated action. */
export const actorNameOf = (ctx: ActingCtx): string => {
  const principal = actingFor(ctx);
  return (principal ? `${ctx.actor.name} for ${principal.name}` : ctx.actor.name).slice(0, 255);
};
