import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  MailOutboxList,
  MailOutboxListQuery,
  MailOutboxMessage,
  type MailOutboxItem,
} from '../../../shared/api/notifications';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Executor } from '../../db/client';
import { countToReach, type PageSlice } from '../../db/pager-count';
import { mailOutbox } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { IdParam, staffRoute, type App } from '../../http/routes';
import { oneLineContainsPattern } from '../../db/like';
import { staffLinkHolders, withLinksTheViewerMaySee } from './hidden-links';

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

/**
 * What a search finds a message by: the recipient and the subject, each on a line of its own, so
 * that a pattern without a line break matches within one of them. Indexed by trigrams (migration
 * 0048, whose expression this must equal): the outbox holds every e-mail of every organisation.
 */
export const mailSearchText = sql`(${mailOutbox.toAddress} || E'\\n' || ${mailOutbox.subject})`;

/** Recipient or subject holding the words as typed (LIKE's wildcards taken literally). */
const searchCondition = (search: string | undefined): SQL | undefined =>
  search ? sql`${mailSearchText} ilike ${oneLineContainsPattern(search)}` : undefined;

/** One page of the outbox, newest first: a walk of the primary key backwards that stops after the page. */
export const mailOutboxPageQuery = (db: Executor, search: string | undefined, page: PageSlice) =>
  db
    .select(listColumns)
    .from(mailOutbox)
    .where(searchCondition(search))
    .orderBy(desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);

/** How many messages match, counted no further than `limit`. */
export const mailOutboxCountQuery = (db: Executor, search: string | undefined, limit: number) =>
  db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(mailOutbox)
      .where(searchCondition(search))
      .limit(limit)
      .as('matching'),
  );

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
      const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
      const rows = await mailOutboxPageQuery(ctx.tx, query.search, page);
      // Counted only as far as the pager reaches: counting every message on each load read millions.
      const counted = await countToReach(page, rows.length, async (limit) => {
        const [count] = await mailOutboxCountQuery(ctx.tx, query.search, limit);
        return Number(count?.n ?? 0);
      });
      return {
        mail_outbox: rows.map(present),
        ...counted,
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
      summary:
        'One message of the mail outbox with its plain-text and HTML bodies, set-password links hidden unless the caller may act as their user (a staff user: user management and every permission they hold)',
      schema: { params: z.object({ id: IdParam }), response: { 200: MailOutboxMessage } },
    },
    async (ctx, { params }) => {
      const [row] = await ctx.tx.select().from(mailOutbox).where(eq(mailOutbox.id, params.id)).limit(1);
      if (!row) throw notFound('The message');
      // Read in this request, so a staff user's permissions as they are now decide who sees their link.
      const holders = await staffLinkHolders(ctx.tx, ctx.actor.permissions, [row.bodyText, row.bodyHtml]);
      const shown = (body: string) => withLinksTheViewerMaySee(body, ctx.actor.permissions, holders);
      return {
        ...present(row),
        body_text: shown(row.bodyText),
        body_html: row.bodyHtml === null ? null : shown(row.bodyHtml),
      };
    },
  );
}
