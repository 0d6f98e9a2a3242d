import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  NotificationList,
  NotificationListQuery,
  NotificationStatusBody,
  Notification,
} from '../../../shared/api/notifications';
import { notifications } from '../../db/schema/index';
import { commitWithFinalStatement } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { IdParam, orgRoute, type App, type OrgCtx } from '../../http/routes';
import { findNotificationPage } from './notification-page.repo';

type Row = typeof notifications.$inferSelect;
const present = (row: Row): Notification => ({
  id: row.id,
  message: row.message,
  status: row.status,
  link: row.link,
  created_at: row.createdAt.toISOString(),
});
/** Only the caller's own notifications in the caller's organisation: anything else is "not found". */
const mine = (ctx: OrgCtx) => and(eq(notifications.orgId, ctx.orgId), eq(notifications.userId, ctx.actor.userId));
const ByIdParams = z.object({ id: IdParam });

async function getMine(ctx: OrgCtx, id: number): Promise<Row> {
  const [row] = await ctx.tx
    .select()
    .from(notifications)
    .where(and(mine(ctx), eq(notifications.id, id)))
    .limit(1);
  if (!row) throw notFound('The notification');
  return row;
}

/** A user's own notifications (spec §7 Notifications): list, mark one or all, delete one or all. */
export function registerNotificationRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/self/notifications',
      summary: "The caller's notifications, newest first, one page, with the unread count",
      schema: { querystring: NotificationListQuery, response: { 200: NotificationList } },
    },
    async (ctx, { query }) => {
      // The route's one statement: its COMMIT rides with it (tenant.ts).
      commitWithFinalStatement(ctx.tx);
      const found = await findNotificationPage(ctx.tx, ctx.orgId, ctx.actor.userId, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        notifications: found.rows.map((row) => ({
          id: row.id,
          message: row.message,
          status: row.status,
          link: row.link,
          created_at: row.created_at.toISOString(),
        })),
        unread_count: found.unread,
        total: found.total,
        page: query.page,
        per_page: query.per_page,
      };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/self/notifications/update_all',
      summary: "Marks all the caller's notifications read or unread",
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
      summary: 'Marks one of the caller’s notifications read or unread',
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
    {
      method: 'DELETE',
      url: '/api/self/notifications/destroy_all',
      summary: "Deletes all the caller's notifications",
      schema: {},
    },
    async (ctx) => {
      await ctx.tx.delete(notifications).where(mine(ctx));
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'DELETE',
      url: '/api/self/notifications/:id',
      summary: 'Deletes one of the caller’s notifications',
      schema: { params: ByIdParams },
    },
    async (ctx, { params }) => {
      await getMine(ctx, params.id);
      await ctx.tx.delete(notifications).where(and(mine(ctx), eq(notifications.id, params.id)));
      return undefined;
    },
  );
}
