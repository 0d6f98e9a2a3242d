import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MailOutboxList,
  MailOutboxListQuery,
  MailOutboxMessage,
  type MailOutboxItem,
} from '../../../shared/api/notifications';
import { StaffPermission } from '../../../shared/domain/roles';
import { mailOutbox } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { IdParam, staffRoute, type App } from '../../http/routes';
import { containsPattern } from '../../db/like';

type Row = typeof mailOutbox.$inferSelect;
type ListRow = Pick<Row, 'id' | 'orgId' | 'toAddress' | 'subject' | 'status' | 'lastError' | 'createdAt' | 'sentAt'>;
const present = (row: ListRow): MailOutboxItem => ({
  id: row.id,
  org_id: row.orgId,
  to: row.toAddress,
  subject: row.subject,
  status: row.status,
  error: row.lastError,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt ? row.sentAt.toISOString() : null,
});

const listColumns = {
  id: mailOutbox.id,
  orgId: mailOutbox.orgId,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

/** Recipient or subject holding the words as typed (LIKE's wildcards taken literally). */
const searchCondition = (search: string) => {
  const pattern = containsPattern(search);
  return or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern));
};

/**
 * The mail outbox in developer tools (ADR 4, issue 12): every e-mail the product wrote, newest
 * first, for provider staff with the developer-tools permission. Without SMTP this is where mail
 * can be read.
 */
export function registerMailOutboxRoutes(app: App, deps: Deps): void {
  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/mail_outbox',
      permission: StaffPermission.DeveloperTools,
      summary: 'The mail outbox, newest first, one page',
      schema: { querystring: MailOutboxListQuery, response: { 200: MailOutboxList } },
    },
    async (ctx, { query }) => {
      const matching = query.search ? searchCondition(query.search) : undefined;
      const rows = await ctx.tx
        .select(listColumns)
        .from(mailOutbox)
        .where(matching)
        .orderBy(desc(mailOutbox.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [count] = await ctx.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(matching);
      return {
        mail_outbox: rows.map(present),
        total: Number(count?.n ?? 0),
        page: query.page,
        per_page: query.per_page,
      };
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/mail_outbox/:id',
      permission: StaffPermission.DeveloperTools,
      summary: 'One message of the mail outbox with its plain-text and HTML bodies',
      schema: { params: z.object({ id: IdParam }), response: { 200: MailOutboxMessage } },
    },
    async (ctx, { params }) => {
      const [row] = await ctx.tx.select().from(mailOutbox).where(eq(mailOutbox.id, params.id)).limit(1);
      if (!row) throw notFound('The message');
      return { ...present(row), body_text: row.bodyText, body_html: row.bodyHtml };
    },
  );
}
