import { z } from 'zod';
import { id, queryId, text } from './primitives';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../domain/limits';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';

/**
 * Read acknowledgements of a P&P (spec §7 leaves the paths open; product rules 'Read
 * acknowledgements'), all under `/api/o/{org}/pnps/{pnpId}/read_acknowledgements`:
 *
 * - GET    ?status=1|2|3                  the P&P's read acknowledgements with their readers
 * - POST   { read_acknowledgement }       create (OA, BO, Owner): readers get an Acknowledge task
 * - GET    /status_count                  { active, closed, canceled }
 * - GET    /user_has_acknowledged         the caller's pending acknowledgement of this P&P, if any
 * - GET    /{id}                          one, with its readers
 * - PUT    /{id} { read_acknowledgement } edit (OA, BO, Owner), readers added and removed
 * - PUT    /{id}/cancel                   cancel (OA, BO, Owner): open tasks closed
 * - PUT    /{id}/close                    close (OA)
 * - PUT    /{id}/mark_as_read             the caller acknowledges, after opening the current version
 */

export const ReadAckStatusValue = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  message: 'Status must be 1 (Active), 2 (Closed) or 3 (Canceled).',
});
export const READ_ACK_STATUS_LABELS: Record<1 | 2 | 3, string> = { 1: 'Active', 2: 'Closed', 3: 'Canceled' };

export const ReadAckListQuery = z.object({
  status: z.coerce
    .number({ message: 'Status must be 1 (Active), 2 (Closed) or 3 (Canceled).' })
    .pipe(ReadAckStatusValue)
    .optional(),
});
export type ReadAckListQuery = z.infer<typeof ReadAckListQuery>;

export const ReadAckParams = z.object({ pnpId: queryId('The P&P id') });
export const ReadAckIdParams = z.object({ pnpId: queryId('The P&P id'), id: queryId('The read acknowledgement id') });

/** A read acknowledgement's name and description, as the server checks them (the wizard's first step too). */
export const ReadAckName = text({ message: 'Name is required.' })
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters.` })
  .regex(ValidationPatterns.name, { message: noAngleBrackets('Name') });
export const ReadAckDescription = text()
  .max(DESCRIPTION_MAX_LENGTH, { message: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.` })
  .regex(ValidationPatterns.generic, { message: noAngleBrackets('Description') })
  .nullable()
  .optional();
const DueDate = text({ message: 'Due date is required.' })
  .trim()
  .min(1, { message: 'Due date is required.' })
  .max(32, { message: 'Due date must be a real calendar date written as yyyy-mm-dd.' });
const Ids = (label: string) =>
  z
    .array(id(`${label} id`), { message: `${label} ids must be a list.` })
    .max(2000, { message: `At most 2000 ${label.toLowerCase()}s can be chosen.` });

/** What the wizard sends: name, description, due date (today or later), readers (users and groups). */
export const ReadAckInput = z
  .object({
    name: ReadAckName,
    description: ReadAckDescription,
    due_date: DueDate,
    user_ids: Ids('User').default([]),
    group_ids: Ids('Group').default([]),
  })
  .strict();
export type ReadAckInput = z.infer<typeof ReadAckInput>;
export const ReadAckBody = z.object({ read_acknowledgement: ReadAckInput }).strict();
export type ReadAckBody = z.input<typeof ReadAckBody>;

export const ReadAckReader = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The group the reader came from; null when chosen by name. */
  via_group_id: z.number().int().nullable(),
  via_group_name: z.string().nullable(),
  /** 0 incomplete, 1 complete. */
  completion: z.number().int(),
  opened_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_document_id: z.number().int().nullable(),
  acknowledged_version_number: z.number().int().nullable(),
});
export type ReadAckReader = z.infer<typeof ReadAckReader>;

export const ReadAckAbility = z.enum(['edit', 'cancel', 'close']);
export type ReadAckAbility = z.infer<typeof ReadAckAbility>;

export const ReadAcknowledgement = z.object({
  id: z.number().int(),
  pnp_id: z.number().int(),
  document_id: z.number().int(),
  version_number: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  due_date: z.string().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  closed_at: z.string().nullable(),
  readers_total: z.number().int(),
  readers_completed: z.number().int(),
  /** The readers chosen by name and the groups chosen (the edit form starts from these). */
  user_ids: z.array(z.number().int()),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  readers: z.array(ReadAckReader),
  abilities: z.array(ReadAckAbility),
});
export type ReadAcknowledgement = z.infer<typeof ReadAcknowledgement>;

export const ReadAckResponse = z.object({ read_acknowledgement: ReadAcknowledgement });
export type ReadAckResponse = z.infer<typeof ReadAckResponse>;
export const ReadAckList = z.object({
  read_acknowledgements: z.array(ReadAcknowledgement),
  /** Whether the caller may create one (OA, BO, Owner, on a published P&P). */
  can_create: z.boolean(),
});
export type ReadAckList = z.infer<typeof ReadAckList>;

export const ReadAckStatusCount = z.object({
  active: z.number().int(),
  closed: z.number().int(),
  canceled: z.number().int(),
});
export type ReadAckStatusCount = z.infer<typeof ReadAckStatusCount>;

/** For the caller on this P&P: an Active read acknowledgement waiting for their acknowledgement. */
export const UserHasAcknowledged = z.object({
  /** True when nothing is pending for the caller. */
  acknowledged: z.boolean(),
  pending: z.boolean(),
  read_acknowledgement_id: z.number().int().nullable(),
  name: z.string().nullable(),
  due_date: z.string().nullable(),
  document_id: z.number().int().nullable(),
  /** Whether the caller has opened the current version since the task was given. */
  opened: z.boolean(),
});
export type UserHasAcknowledged = z.infer<typeof UserHasAcknowledged>;

/** PUT .../mark_as_read: what the reader's acknowledgement recorded. */
export const MarkAsReadResponse = z.object({
  read_acknowledgement_id: z.number().int(),
  /** The read acknowledgement's status afterwards: 2 (Closed) when the caller was the last reader. */
  status: z.number().int(),
  status_label: z.string(),
  acknowledged_at: z.string(),
  acknowledged_document_id: z.number().int(),
  opened_at: z.string(),
});
export type MarkAsReadResponse = z.infer<typeof MarkAsReadResponse>;
