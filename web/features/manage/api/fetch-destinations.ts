import type { DestinationList } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

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
