import type { Participants } from '../../../../shared/api/access';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** GET o/{org}/access/fetch_participants?object_type&object_id. */
export function fetchParticipants(orgId: string, objectType: 1 | 2 | 3, objectId: number): Promise<Participants> {
  return http.get<Participants>(`o/${orgId}/access/fetch_participants`, {
    query: { object_type: objectType, object_id: objectId },
    passThrough: SHOWN_HERE,
  });
}
