import { z } from 'zod';
import { text } from './primitives';

export const SystemMessageLocationSchema = z.enum(['Login', 'Application']);

export const SystemMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  start_datetime: z.string(),
  end_datetime: z.string(),
  location: SystemMessageLocationSchema,
});
export type SystemMessage = z.infer<typeof SystemMessage>;

export const SystemMessageInput = z
  .object({
    message: text().trim().min(1, 'Message is required').max(2000),
    start_datetime: z.iso.datetime({ offset: true, message: 'Start date and time must be a valid date and time' }),
    end_datetime: z.iso.datetime({ offset: true, message: 'End date and time must be a valid date and time' }),
    location: SystemMessageLocationSchema,
  })
  .strict()
  .refine((m) => Date.parse(m.end_datetime) > Date.parse(m.start_datetime), {
    message: 'End date and time must be after the start date and time',
    path: ['end_datetime'],
  });
export type SystemMessageInput = z.infer<typeof SystemMessageInput>;

export const SystemMessageBody = z.object({ system_message: SystemMessageInput }).strict();
export const SystemMessageList = z.object({ system_messages: z.array(SystemMessage) });
export type SystemMessageList = z.infer<typeof SystemMessageList>;
