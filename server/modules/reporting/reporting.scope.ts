import { sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { queryRows } from '../../db/client';
import { forbidden } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { containersWithRoleSql, pnpVisibleCondition } from '../access/effective-access';

/**
 * Who sees what in reports (product rules: "reports: OA and BO, scoped to what they may see").
 * An org admin sees the whole organisation (`ownerId` null). Anyone else who is an effective Owner
 * somewhere (of a binder or folder, or of a P&P with its own participants; directly or through a
 * group) sees only the containers and P&Ps they own: the P&Ps where they are an effective Owner,
 * the containers where they are. Everyone else gets 403 on every report route.
 */
export interface ReportScope {
  orgId: number;
  /** The owner whose subtree bounds every row; null for an org admin. */
  ownerId: number | null;
}

export async function reportScope(ctx: OrgCtx): Promise<ReportScope> {
  if (ctx.actor.isAdmin) return { orgId: ctx.orgId, ownerId: null };
  const [owns] = await queryRows<{ owns: boolean }>(
    ctx.tx,
    sql`select exists (
          select 1 from access_grants g
           where g.org_id = ${ctx.orgId} and g.role = ${ObjectRole.Owner}
             and (g.user_id = ${ctx.actor.userId}
                  or g.group_id in (select group_id from group_memberships
                                     where org_id = ${ctx.orgId} and user_id = ${ctx.actor.userId}))) as owns`,
  );
  if (!owns?.owns) throw forbidden('Reports are available to organization administrators and binder or folder owners.');
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
