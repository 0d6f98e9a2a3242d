import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import { SystemMessage, SystemMessageBody, SystemMessageList } from '../../../shared/api/system-messages';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Executor } from '../../db/client';
import { systemMessages } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { IdParam, publicRoute, staffRoute, type App } from '../../http/routes';

type Row = typeof systemMessages.$inferSelect;
const present = (row: Row): SystemMessage => ({
  id: row.id,
  message: row.message,
  start_datetime: row.startDatetime.toISOString(),
  end_datetime: row.endDatetime.toISOString(),
  location: row.location === 'Login' ? 'Login' : 'Application',
});

async function getMessage(db: Executor, id: number): Promise<Row> {
  const [row] = await db.select().from(systemMessages).where(eq(systemMessages.id, id)).limit(1);
  if (!row) throw notFound('The system message');
  return row;
}

const ByIdParams = z.object({ id: IdParam });
const perm = StaffPermission.DeveloperTools;

/** System messages: staff manage them (developer tools); everyone reads the live ones (spec §4). */
export function registerSystemMessageRoutes(app: App, deps: Deps): void {
  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/live/system_messages',
      summary: 'System messages live now',
      schema: {
        querystring: z.object({ current_timestamp: z.coerce.number().int().nonnegative().optional() }),
        response: { 200: SystemMessageList },
      },
    },
    async (ctx) => {
      const now = ctx.now;
      const rows = await withSystem(deps.database.db, (tx) =>
        tx
          .select()
          .from(systemMessages)
          .where(and(lte(systemMessages.startDatetime, now), gte(systemMessages.endDatetime, now)))
          .orderBy(asc(systemMessages.startDatetime)),
      );
      // Application messages are for signed-in org users only; Login messages are for everyone.
      const showApplication = ctx.actor?.kind === 'org';
      return { system_messages: rows.filter((r) => r.location === 'Login' || showApplication).map(present) };
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/system_messages',
      permission: perm,
      schema: { response: { 200: SystemMessageList } },
    },
    async (ctx) => ({
      system_messages: (await ctx.tx.select().from(systemMessages).orderBy(asc(systemMessages.startDatetime))).map(
        present,
      ),
    }),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/hstm/system_messages',
      permission: perm,
      schema: { body: SystemMessageBody, response: { 201: SystemMessage } },
    },
    async (ctx, { body }) => {
      const m = body.system_message;
      const [row] = await ctx.tx
        .insert(systemMessages)
        .values({
          message: m.message,
          startDatetime: new Date(m.start_datetime),
          endDatetime: new Date(m.end_datetime),
          location: m.location,
          createdBy: ctx.actor.staffId,
        })
        .returning();
      ctx.reply.code(201);
      return present(row!);
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/system_messages/:id',
      permission: perm,
      schema: { params: ByIdParams, response: { 200: SystemMessage } },
    },
    async (ctx, { params }) => present(await getMessage(ctx.tx, params.id)),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/hstm/system_messages/:id',
      permission: perm,
      schema: { params: ByIdParams, body: SystemMessageBody, response: { 200: SystemMessage } },
    },
    async (ctx, { params, body }) => {
      await getMessage(ctx.tx, params.id);
      const m = body.system_message;
      const [row] = await ctx.tx
        .update(systemMessages)
        .set({
          message: m.message,
          startDatetime: new Date(m.start_datetime),
          endDatetime: new Date(m.end_datetime),
          location: m.location,
          updatedAt: ctx.now,
        })
        .where(eq(systemMessages.id, params.id))
        .returning();
      return present(row!);
    },
  );

  staffRoute(
    app,
    deps,
    { method: 'DELETE', url: '/api/hstm/system_messages/:id', permission: perm, schema: { params: ByIdParams } },
    async (ctx, { params }) => {
      await getMessage(ctx.tx, params.id);
      await ctx.tx.delete(systemMessages).where(eq(systemMessages.id, params.id));
      return undefined;
    },
  );
}
