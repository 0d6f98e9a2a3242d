import type { Participants, SetParticipantsBody } from '../../../../shared/api/access';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** PUT o/{org}/access/{id} {object_type, participants}: the node's own participants (it overrides). */
export function setParticipants(orgId: string, objectId: number, body: SetParticipantsBody): Promise<Participants> {
  return http.put<Participants>(`o/${orgId}/access/${objectId}`, body, { passThrough: SHOWN_HERE });
}
