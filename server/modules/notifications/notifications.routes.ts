import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationList, NotificationStatusBody, Notification } from '../../../shared/api/notifications';
import { notifications } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { IdParam, orgRoute, type App, type OrgCtx } from '../../http/routes';

type Row = typeof notifications.$inferSelect;
const present = (row: Row): Notification => ({
  id: row.id,
  message: row.message,
  status: row.status,
  link: row.link,
  created_at: row.createdAt.toISOString(),
});
const mine = (ctx: OrgCtx) => and(eq(notifications.orgId, ctx.orgId), eq(notifications.userId, ctx.actor.userId));
const ByIdParams = z.object({ id: IdParam });

async function getMine(ctx: OrgCtx, id: number): Promise<Row> {
  const [row] = await ctx.tx.select().from(notifications).where(and(mine(ctx), eq(notifications.id, id))).limit(1);
  if (!row) throw notFound('The notification');
  return row;
}

/** A user's own notifications (spec §7 Notifications): list, mark one or all, delete one or all. */
export function registerNotificationRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    { method: 'GET', url: '/api/self/notifications', schema: { response: { 200: NotificationList } } },
    async (ctx) => {
      const rows = await ctx.tx.select().from(notifications).where(mine(ctx)).orderBy(desc(notifications.createdAt)).limit(200);
      const [count] = await ctx.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(mine(ctx), eq(notifications.status, 1)));
      return { notifications: rows.map(present), unread_count: Number(count?.n ?? 0) };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/self/notifications/update_all',
      schema: { body: NotificationStatusBody },
    },
    async (ctx, { body }) => {
      await ctx.tx.update(notifications).set({ status: body.status }).where(mine(ctx));
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/self/notifications/:id',
      schema: { params: ByIdParams, body: NotificationStatusBody, response: { 200: Notification } },
    },
    async (ctx, { params, body }) => {
      await getMine(ctx, params.id);
      const [row] = await ctx.tx
        .update(notifications)
        .set({ status: body.status })
        .where(and(mine(ctx), eq(notifications.id, params.id)))
        .returning();
      return present(row!);
    },
  );

  orgRoute(
    app,
    deps,
    { method: 'DELETE', url: '/api/self/notifications/destroy_all', schema: {} },
    async (ctx) => {
      await ctx.tx.delete(notifications).where(mine(ctx));
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    { method: 'DELETE', url: '/api/self/notifications/:id', schema: { params: ByIdParams } },
    async (ctx, { params }) => {
      await getMine(ctx, params.id);
      await ctx.tx.delete(notifications).where(and(mine(ctx), eq(notifications.id, params.id)));
      return undefined;
    },
  );
}
