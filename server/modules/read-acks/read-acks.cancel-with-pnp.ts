import { sql } from 'drizzle-orm';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { actorNameOf } from '../delegation/acting-for';
import { syncAcknowledgeTasks } from './read-acks.tasks';

/** Whose Active read acknowledgements end with the P&P: one version's (a revision published), or all (retired). */
export type CancelledWith = { documentId: number } | { pnpId: number };

/**
 * Cancels the Active read acknowledgements that a publication or a retirement ends (product rules:
 * acknowledgements are not carried over to a new version; retiring cancels pending ones), closes
 * their open Acknowledge tasks, and logs each as a cancel from its own screen is logged, by the
 * person who published or retired, with why. Publishing calls it before the version is archived: the
 * database's trigger (migration 0008) would cancel them too, but knows no author to log.
 */
export async function cancelReadAcksWith(
  ctx: Pick<OrgCtx, 'tx' | 'orgId' | 'now' | 'actor'>,
  scope: CancelledWith,
  why: string,
): Promise<void> {
  const at = ctx.now.toISOString();
  const cancelled = await queryRows<{ id: number; name: string }>(
    ctx.tx,
    sql`update read_acknowledgements
           set status = ${ReadAckStatus.Canceled}, updated_at = ${at}::timestamptz
         where org_id = ${ctx.orgId} and status = ${ReadAckStatus.Active}
           and ${'documentId' in scope ? sql`document_id = ${scope.documentId}` : sql`pnp_id = ${scope.pnpId}`}
        returning id, name`,
  );
  const rows = cancelled.map((row) => ({ id: Number(row.id), name: row.name })).sort((x, y) => x.id - y.id);
  await syncAcknowledgeTasks(
    ctx,
    rows.map((row) => row.id),
  );
  // Named as the Publish or Retire entry names them: a delegate publishing for an away owner as 'X for Y'.
  const author = { ...ctx.actor, name: actorNameOf(ctx) };
  for (const row of rows) {
    await insertChangeLog(ctx.tx, author, ctx.now, {
      objectType: 'ReadAcknowledgement',
      objectId: row.id,
      objectName: row.name,
      actionName: 'Cancel',
      deltas: { changed: { status: ['Active', 'Canceled'] }, comment: why },
    });
  }
}
