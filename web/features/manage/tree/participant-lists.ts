import {
  PARTICIPANT_KEYS,
  type ParticipantKey,
  type ParticipantsByRole,
  type SetParticipantsBody,
  type SubjectRef,
} from '../../../../shared/api/access';

/**
 * Editing participants: the node's new own lists are its current effective lists with one change,
 * so a node that inherited keeps everyone it had and overrides from then on (product rules).
 */
export function listsOf(participants: ParticipantsByRole): SetParticipantsBody['participants'] {
  return Object.fromEntries(
    PARTICIPANT_KEYS.map((key) => [key, participants[key].map((p): SubjectRef => ({ type: p.type, id: p.id }))]),
  );
}

const same = (a: SubjectRef, b: SubjectRef): boolean => a.type === b.type && a.id === b.id;

export function withAdded(
  participants: ParticipantsByRole,
  key: ParticipantKey,
  subject: SubjectRef,
): SetParticipantsBody['participants'] {
  const lists = listsOf(participants);
  const list = lists[key] ?? [];
  if (!list.some((s) => same(s, subject))) lists[key] = [...list, subject];
  return lists;
}

export function withRemoved(
  participants: ParticipantsByRole,
  key: ParticipantKey,
  subject: SubjectRef,
): SetParticipantsBody['participants'] {
  const lists = listsOf(participants);
  lists[key] = (lists[key] ?? []).filter((s) => !same(s, subject));
  return lists;
}

/** The approval steps to show: step 1 always, every step with approvers, and those the user opened. */
export function visibleApproverKeys(participants: ParticipantsByRole, opened: number): ParticipantKey[] {
  const steps = PARTICIPANT_KEYS.filter((k) => k.startsWith('approvers'));
  let last = 1;
  steps.forEach((key, index) => {
    if (participants[key].length > 0) last = Math.max(last, index + 1);
  });
  return steps.slice(0, Math.min(steps.length, Math.max(last, opened)));
}
