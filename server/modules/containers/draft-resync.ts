import { sql } from 'drizzle-orm';
import { TaskKind, TaskStatus, VersionStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { resyncDraftTasks } from '../pnps/pnps.service';
import type { AccessTarget } from './access.repo';
import { subtreeCte } from './containers.repo';

/**
 * The P&Ps below a container (at any depth) that inherit their participants and have a Draft
 * version or an open 'Start Review or Extend': the ones whose open tasks may change when the
 * container's participants do.
 * A folder in between that overrides stops the inheritance; resyncing its P&Ps anyway is a no-op,
 * so the query stays simple.
 */
async function listInheritingDraftPnpIds(ctx: OrgCtx, rootId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ctx.tx,
    sql`with recursive ${subtreeCte(ctx.orgId, rootId)}
        select p.id from pnps p join sub on sub.id = p.container_id
         where p.org_id = ${ctx.orgId} and p.inherits_access
           and (exists (select 1 from pnp_documents d
                         where d.org_id = ${ctx.orgId} and d.pnp_id = p.id and d.status = ${VersionStatus.Draft})
                or exists (select 1 from tasks t
                            where t.org_id = ${ctx.orgId} and t.pnp_id = p.id
                              and t.kind = ${TaskKind.PendingRevision} and t.status = ${TaskStatus.Open}))
         order by p.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Keeps draft tasks in step with the people (product rules: tasks follow the participants) after
 * a node's participants changed, in the request's transaction: a P&P's own draft, or the drafts of
 * every P&P that inherits from the container.
 */
export async function resyncDraftsOf(ctx: OrgCtx, target: AccessTarget): Promise<void> {
  const ids = 'pnpId' in target ? [target.pnpId] : await listInheritingDraftPnpIds(ctx, target.containerId);
  for (const id of ids) await resyncDraftTasks(ctx, id);
}
