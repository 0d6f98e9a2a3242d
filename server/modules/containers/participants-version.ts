import { createHash } from 'node:crypto';
import type { Participant as EffectiveParticipant } from '../access/effective-access';

/** What the access editor shows of one node, names aside: the input of its participants_version. */
export interface ParticipantsState {
  objectType: 1 | 2 | 3;
  objectId: number;
  inheritsAccess: boolean;
  /** The ancestor an inheriting node takes its participants from, if any. */
  sourceId: number | null;
  rows: EffectiveParticipant[];
}

/**
 * The participants_version of a node: a SHA-256 digest of its effective participants, not a counter.
 *
 * A counter (the container's or P&P's lock_version) would miss changes the editor must not save
 * over: an inheriting node shows its ancestor's participants and a save makes them its own, so a
 * change on that ancestor (or a move under another parent) must make the save stale, and so must
 * every other writer of grants (the P&P settings form, bulk reassignment). The containers'
 * lock_version also guards renames and moves, which a participant change must not make stale. The
 * digest changes exactly when what the editor showed does; a node with its own participants is not
 * affected by a change above it, and that is right, since a save there replaces only its own.
 * Names and e-mails are left out: renaming a user changes nobody's access.
 */
export function participantsVersion(state: ParticipantsState): string {
  const grants = state.rows
    .map((p) =>
      [
        p.type,
        p.user_id ?? p.group_id,
        p.role,
        p.approval_step ?? 0,
        p.source_type,
        p.source_id,
        p.inherited ? 'inherited' : 'own',
      ].join(':'),
    )
    .sort();
  const node = [
    state.objectType,
    state.objectId,
    state.inheritsAccess ? 'inherits' : 'overrides',
    state.sourceId ?? 'none',
  ].join(':');
  return createHash('sha256')
    .update([node, ...grants].join('\n'))
    .digest('hex');
}
