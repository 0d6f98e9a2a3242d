import { sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { forbidden } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { isContainerOwner } from '../auth/auth.repo';
import { containersWithRoleSql, pnpVisibleCondition } from '../access/effective-access';

/**
 * Who sees what in reports (product rules: "reports: OA and BO, scoped to what they may see").
 * An org admin sees the whole organisation (`ownerId` null). A binder or folder owner (Owner of a
 * container, directly or through a group) sees only the containers and P&Ps they own: the P&Ps
 * where they are an effective Owner (those with participants of their own included), the
 * containers where they are. Everyone else, the Owner of a single P&P too, gets 403 on every report
 * route.
 */
export interface ReportScope {
  orgId: number;
  /** The owner whose subtree bounds every row; null for an org admin. */
  ownerId: number | null;
}

export async function reportScope(ctx: OrgCtx): Promise<ReportScope> {
  if (ctx.actor.isAdmin) return { orgId: ctx.orgId, ownerId: null };
  // The same test as the session's binder_or_folder_owner flag, which shows the Reports menu: the
  // Owner of a single P&P (and of no binder or folder) is not a binder or folder owner. The report
  // routes' session lookup read it already (`readsContainerOwnership`), in the statement that also
  // read whether the caller is an admin; a caller loaded otherwise asks.
  const owner = ctx.actor.containerOwner ?? (await isContainerOwner(ctx.tx, ctx.orgId, ctx.actor.userId));
  if (!owner) {
    throw forbidden('Reports are available to organization administrators and binder or folder owners.');
  }
  return { orgId: ctx.orgId, ownerId: ctx.actor.userId };
}

/** The P&P row `alias` is in scope. */
export const pnpInScope = (s: ReportScope, alias: string): SQL =>
  s.ownerId === null ? sql`true` : pnpVisibleCondition(alias, s.orgId, s.ownerId, ObjectRole.Owner);

/** The container row `alias` is in scope. */
export function containerInScope(s: ReportScope, alias: string): SQL {
  if (s.ownerId === null) return sql`true`;
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return sql`${sql.raw(alias)}.id in (${containersWithRoleSql(s.orgId, s.ownerId, ObjectRole.Owner)})`;
}

/** The groups of the owner of scope `s`. */
const ownerGroups = (s: ReportScope & { ownerId: number }): SQL =>
  sql`select group_id from group_memberships where org_id = ${s.orgId} and user_id = ${s.ownerId}`;

/**
 * The access sources an owner owns: the containers on which they (or a group of theirs) hold Owner.
 * A P&P that inherits is in their scope exactly when its `access_source_id` is one of these (the
 * first half of pnpVisibleCondition with Owner); the dashboard's tallies are kept per source.
 */
export const ownedSourcesSql = (s: ReportScope & { ownerId: number }): SQL => sql`
  select g.container_id from access_grants g
   where g.org_id = ${s.orgId} and g.container_id is not null and g.role = ${ObjectRole.Owner}
     and (g.user_id = ${s.ownerId} or g.group_id in (${ownerGroups(s)}))`;

/**
 * The P&Ps with participants of their own in an owner's scope (the parts of pnpVisibleCondition
 * with Owner that read no access source): those they own by a grant of their own, and those in a
 * container they own (the binder or folder owner sees every P&P below, product rules). Such a P&P
 * has no access source, so the tallies cannot place it.
 */
export const ownedOwnPnpsCondition = (s: ReportScope & { ownerId: number }, alias: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  const p = sql.raw(alias);
  return sql`(not ${p}.inherits_access and (${p}.id in (
    select g.pnp_id from access_grants g
     where g.org_id = ${s.orgId} and g.pnp_id is not null and g.role = ${ObjectRole.Owner}
       and (g.user_id = ${s.ownerId} or g.group_id in (${ownerGroups(s)})))
    or ${p}.container_id in (${containersWithRoleSql(s.orgId, s.ownerId, ObjectRole.Owner)})))`;
};
