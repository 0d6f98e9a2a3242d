import { z } from 'zod';

/** Notification status: 1 unread, 2 read (the spec leaves the values open). */
export const NotificationStatusValue = z.union([z.literal(1), z.literal(2)], {
  message: 'Status must be 1 (unread) or 2 (read).',
});

export const Notification = z.object({
  id: z.number().int(),
  message: z.string(),
  status: z.number().int(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({ notifications: z.array(Notification), unread_count: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationStatusBody = z.object({ status: NotificationStatusValue }).strict();
