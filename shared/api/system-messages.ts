import { z } from 'zod';
import {
  compareDates,
  formatDisplayDate,
  formatIsoDate,
  SUPPORTED_MAX_DATE,
  SUPPORTED_MIN_DATE,
  toUtcCalendarDate,
} from '../domain/dates';
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

const SUPPORTED_RANGE_TEXT = `${formatDisplayDate(formatIsoDate(SUPPORTED_MIN_DATE))} and ${formatDisplayDate(formatIsoDate(SUPPORTED_MAX_DATE))} (UTC)`;

/**
 * An instant with its offset, on a day (in UTC) of the calendar's supported range: spec §9's, the
 * range the form's date pickers offer. The format alone let through instants PostgreSQL cannot
 * store, which were 500s: in UTC, '0001-01-01T00:00:00+14:00' is in year 0 and
 * '9999-12-31T23:59:59-23:59' in year 10000.
 */
const messageDateTime = (label: string) =>
  z.iso.datetime({ offset: true, message: `${label} must be a valid date and time` }).refine(
    (value) => {
      const day = toUtcCalendarDate(value);
      // Text that is no instant at all is the format check's to refuse, in its own sentence.
      if (!day) return true;
      return compareDates(day, SUPPORTED_MIN_DATE) >= 0 && compareDates(day, SUPPORTED_MAX_DATE) <= 0;
    },
    { message: `${label} must be between ${SUPPORTED_RANGE_TEXT}.` },
  );

export const SystemMessageInput = z
  .object({
    message: text().trim().min(1, 'Message is required').max(2000),
    start_datetime: messageDateTime('Start date and time'),
    end_datetime: messageDateTime('End date and time'),
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
