import { z } from 'zod';
import { text } from './primitives';

/** Notification status: 1 unread, 2 read (the spec leaves the values open). */
export const NotificationStatusValue = z.union([z.literal(1), z.literal(2)], {
  message: 'Status must be 1 (unread) or 2 (read).',
});

export const Notification = z.object({
  id: z.number().int(),
  message: z.string(),
  status: z.number().int(),
  /** Where the notification leads inside the application (e.g. /orgs/1/pnps/2/pnp_documents/3). */
  link: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** Largest page of notifications one request returns. */
export const NOTIFICATIONS_MAX_PER_PAGE = 100;

export const NotificationListQuery = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number from 1.' })
    .int({ message: 'page must be a whole number from 1.' })
    .min(1, { message: 'page must be a whole number from 1.' })
    .max(1_000_000, { message: 'page must be at most 1000000.' })
    .default(1),
  per_page: z.coerce
    .number({ message: `per_page must be a whole number from 1 to ${NOTIFICATIONS_MAX_PER_PAGE}.` })
    .int({ message: `per_page must be a whole number from 1 to ${NOTIFICATIONS_MAX_PER_PAGE}.` })
    .min(1, { message: `per_page must be a whole number from 1 to ${NOTIFICATIONS_MAX_PER_PAGE}.` })
    .max(NOTIFICATIONS_MAX_PER_PAGE, {
      message: `per_page must be a whole number from 1 to ${NOTIFICATIONS_MAX_PER_PAGE}.`,
    })
    .default(10),
});

/** GET self/notifications: one page, newest first, with the totals the bell and the footer show. */
export const NotificationList = z.object({
  notifications: z.array(Notification),
  unread_count: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationStatusBody = z.object({ status: NotificationStatusValue }).strict();

/**
 * The mail outbox of developer tools (GET hstm/mail_outbox): every e-mail the product wrote,
 * delivered over SMTP when it is configured, kept in the outbox either way (ADR 4).
 */
export const MailOutboxItem = z.object({
  id: z.number().int(),
  org_id: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailOutboxItem = z.infer<typeof MailOutboxItem>;

export const MailOutboxList = z.object({
  mail_outbox: z.array(MailOutboxItem),
  /** How many match, counted only as far as the pager reaches from this page (ADR 0023). */
  total: z.number().int(),
  /** More than `total` match: the count stopped at the pager's reach (ADR 0025). */
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type MailOutboxList = z.infer<typeof MailOutboxList>;

/** One message with its bodies (GET hstm/mail_outbox/{id}). */
export const MailOutboxMessage = MailOutboxItem.extend({ body_text: z.string(), body_html: z.string().nullable() });
export type MailOutboxMessage = z.infer<typeof MailOutboxMessage>;

/** GET hstm/mail_outbox: a page, optionally only messages whose recipient or subject holds `search`. */
export const MailOutboxListQuery = NotificationListQuery.extend({
  search: text().trim().max(255, { message: 'The search must be at most 255 characters.' }).optional(),
});
