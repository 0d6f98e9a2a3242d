import { z } from 'zod';
import { id, queryId, queryWholeNumber, text } from './primitives';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../domain/limits';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';

/**
 * Read acknowledgements of a P&P (spec §7 leaves the paths open; product rules 'Read
 * acknowledgements'), all under `/api/o/{org}/pnps/{pnpId}/read_acknowledgements`:
 *
 * - GET    ?status=1|2|3                  the P&P's read acknowledgements, each with its first page of readers
 * - POST   { read_acknowledgement }       create (OA, BO, Owner): readers get an Acknowledge task
 * - GET    /status_count                  { active, closed, canceled }
 * - GET    /user_has_acknowledged         the caller's pending acknowledgement of this P&P, if any
 * - GET    /reader_candidates?q&limit     users and groups to choose readers from, each saying whether
 *                                         it can be one (OA, BO, Owner; ADR 0026)
 * - GET    /{id}                          one, with its readers
 * - GET    /{id}/readers?page&per_page&sort&dir  one page of its readers (OA, BO, Owner)
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
  /**
   * A reader still to acknowledge an Active read acknowledgement who cannot see the P&P now (a role
   * was taken away after they were asked): they cannot acknowledge until given one again or removed.
   * Always false once they have acknowledged, and on a Closed or Canceled read acknowledgement.
   */
  cannot_see: z.boolean(),
});
export type ReadAckReader = z.infer<typeof ReadAckReader>;

/**
 * A read acknowledgement comes with this many of its readers (the first page by name): one asked of
 * hundreds would send them all, on every card of the list. The others come a page at a time.
 */
export const READ_ACK_READERS_PAGE_SIZE = 10;
export const READ_ACK_READERS_MAX_PAGE_SIZE = 100;
export const READER_SORT_KEYS = ['name', 'group', 'completion', 'acknowledged', 'version'] as const;
export type ReaderSortKey = (typeof READER_SORT_KEYS)[number];

/** GET /{id}/readers: the page wanted, sorted by one of the readers table's columns. */
export const ReadAckReadersQuery = z.object({
  page: queryWholeNumber('page', 1, 1_000_000).default(1),
  per_page: queryWholeNumber('per_page', 1, READ_ACK_READERS_MAX_PAGE_SIZE).default(READ_ACK_READERS_PAGE_SIZE),
  sort: z.enum(READER_SORT_KEYS, { message: `sort must be one of ${READER_SORT_KEYS.join(', ')}.` }).default('name'),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).default('asc'),
});
/** What the web asks for (the query's input, coerced from text by the server). */
export type ReadAckReadersQuery = {
  readonly page?: number;
  readonly per_page?: number;
  readonly sort?: ReaderSortKey;
  readonly dir?: 'asc' | 'desc';
};
/** The query as the server has it, defaults filled in. */
export type ReadAckReadersRequest = z.output<typeof ReadAckReadersQuery>;

export const ReadAckReaderPage = z.object({
  readers: z.array(ReadAckReader),
  /** All its readers (readers_total of the read acknowledgement). */
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ReadAckReaderPage = z.infer<typeof ReadAckReaderPage>;

/**
 * An active member of a reader group who is not a reader (ADR 0026): one who cannot see the P&P is
 * not asked (`can_see` false); one who can see it now was given a role after the request was made
 * (or joined before) and is asked when the read acknowledgement is saved again.
 */
export const ReadAckMemberNotAsked = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  can_see: z.boolean(),
});
export type ReadAckMemberNotAsked = z.infer<typeof ReadAckMemberNotAsked>;

export const ReadAckAbility = z.enum(['edit', 'cancel', 'close']);
export type ReadAckAbility = z.infer<typeof ReadAckAbility>;

export const ReadAcknowledgement = z.object({
  id: z.number().int(),
  pnp_id: z.number().int(),
  document_id: z.number().int(),
  version_number: z.number().int().nullable(),
  /** Its version's Effective Date: a due date may not be before it (readers cannot open it until then). */
  effective_date: z.string().nullable(),
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
  /** Its first READ_ACK_READERS_PAGE_SIZE readers by name; readers_total counts them all. */
  readers: z.array(ReadAckReader),
  /** Active members of its groups who are not readers, by name; listed while it is Active, else empty. */
  members_not_asked: z.array(ReadAckMemberNotAsked),
  abilities: z.array(ReadAckAbility),
});
export type ReadAcknowledgement = z.infer<typeof ReadAcknowledgement>;

export const ReadAckResponse = z.object({ read_acknowledgement: ReadAcknowledgement });
export type ReadAckResponse = z.infer<typeof ReadAckResponse>;
export const ReadAckList = z.object({
  read_acknowledgements: z.array(ReadAcknowledgement),
  /** Whether the caller may create one (OA, BO, Owner, on a published P&P). */
  can_create: z.boolean(),
  /**
   * The Effective Date of the Active version a new one would ask for (null without one): the wizard
   * offers no due date before it, as the server refuses one for a scheduled version.
   */
  effective_date: z.string().nullable(),
});
export type ReadAckList = z.infer<typeof ReadAckList>;

export const ReadAckStatusCount = z.object({
  active: z.number().int(),
  closed: z.number().int(),
  canceled: z.number().int(),
});
export type ReadAckStatusCount = z.infer<typeof ReadAckStatusCount>;

export const ReaderCandidatesQuery = z.object({
  q: text().max(100, 'Search text must be at most 100 characters.').optional(),
  limit: z.coerce.number().int().min(1).max(500, 'Limit must be at most 500.').optional(),
});
export type ReaderCandidatesQuery = z.infer<typeof ReaderCandidatesQuery>;

/**
 * A user or group of the organisation to choose readers from, for one P&P (ADR 0026). The server
 * refuses what is `unavailable`; the picker shows it disabled with that reason.
 */
export const ReaderCandidate = z.object({
  id: z.number().int(),
  type: z.enum(['User', 'Group']),
  name: z.string(),
  /** A user's e-mail (shown beside the name: two people may share one); null for a group. */
  email: z.string().nullable(),
  /** Null when it can be chosen; else why not ('Cannot see this P&P'). */
  unavailable: z.string().nullable(),
  /**
   * A group's active members (those of them who cannot see the P&P are not asked: the read
   * acknowledgement lists them once saved); null for a user.
   */
  members: z.number().int().nullable(),
});
export type ReaderCandidate = z.infer<typeof ReaderCandidate>;
export const ReaderCandidateList = z.object({ candidates: z.array(ReaderCandidate) });
export type ReaderCandidateList = z.infer<typeof ReaderCandidateList>;

/** The reasons the readers picker shows beside what cannot be chosen (the server's refusals say more). */
export const READER_UNAVAILABLE = {
  userCannotSee: 'Cannot see this P&P',
  groupCannotSee: 'No member can see this P&P',
} as const;

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
