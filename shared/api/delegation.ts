import { z } from 'zod';
import { id, text } from './primitives';

/**
 * Delegation while away (issue 12, ADR 0011): "away from starts_at to ends_at, my tasks go to
 * delegate_id". GET/PUT/DELETE self/delegation for one's own window, and for org admins
 * GET/PUT/DELETE o/{org}/users/{id}/delegation for someone else's. Times are UTC (ISO 8601).
 */

const when = (label: string) =>
  text({ message: `${label} must be a date and time.` })
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(40, { message: `${label} must be a date and time.` })
    .refine((value) => !Number.isNaN(Date.parse(value)), { message: `${label} must be a date and time.` });

export const DelegationInput = z
  .object({
    delegate_id: id('The person your tasks go to'),
    starts_at: when('Away from'),
    ends_at: when('Away until'),
  })
  .strict();
export type DelegationInput = z.infer<typeof DelegationInput>;

export const DelegationBody = z
  .object({ delegation: DelegationInput }, { message: 'Send the away window as {delegation: {...}}.' })
  .strict();
export type DelegationBody = z.infer<typeof DelegationBody>;

export const Delegation = z.object({
  /** The person who is away. */
  user_id: z.number().int(),
  user_name: z.string(),
  /** The person their tasks go to. */
  delegate_id: z.number().int(),
  delegate_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** starts_at <= now < ends_at. */
  active: z.boolean(),
  created_by_name: z.string().nullable(),
});
export type Delegation = z.infer<typeof Delegation>;

/** The window that is active or still to come; null when there is none (an ended one counts as none). */
export const DelegationResponse = z.object({ delegation: Delegation.nullable() });
export type DelegationResponse = z.infer<typeof DelegationResponse>;

/** Whom one may hand one's tasks to: the organisation's active users but oneself. */
export const DelegateCandidatesQuery = z.object({
  q: text().trim().max(100, { message: 'Search text must be at most 100 characters.' }).optional(),
});
export const DelegateCandidate = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type DelegateCandidate = z.infer<typeof DelegateCandidate>;
export const DelegateCandidateList = z.object({ candidates: z.array(DelegateCandidate) });
export type DelegateCandidateList = z.infer<typeof DelegateCandidateList>;
