import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** A binder or folder a node may go into, with the binder and folders above it (top down). */
export interface Destination {
  readonly id: number;
  readonly item_type: 1 | 2;
  readonly name: string;
  readonly parent_id: number | null;
  /** The names of the binder and folders above it, top down, joined by ' / ' ('' for a binder). */
  readonly path: string;
  /** Their ids, top down (the tree opens them to show where the node went). */
  readonly ancestor_ids: readonly number[];
}

export interface DestinationList {
  readonly destinations: readonly Destination[];
  /** More binders and folders match than were named. */
  readonly more: boolean;
}

/**
 * GET o/{org}/containers/destinations?object_type&object_id&q: the binders and folders a binder,
 * folder or P&P may be moved or copied into, by part of their name (never the node itself or its
 * own folders; for owners, only what they own). A refusal reaches the dialog that asked.
 */
export function fetchDestinations(
  orgId: string,
  objectType: 1 | 2 | 3,
  objectId: number,
  q: string,
): Promise<DestinationList> {
  return http.get<DestinationList>(`o/${orgId}/containers/destinations`, {
    query: { object_type: objectType, object_id: objectId, q: q || undefined },
    passThrough: SHOWN_HERE,
  });
}
