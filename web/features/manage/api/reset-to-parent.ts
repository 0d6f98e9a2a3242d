import type { Participants, ResetToParentBody } from '../../../../shared/api/access';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** POST o/{org}/access/{id}/reset_to_parent {object_type, subtree}. */
export function resetToParent(orgId: string, objectId: number, body: ResetToParentBody): Promise<Participants> {
  return http.post<Participants>(`o/${orgId}/access/${objectId}/reset_to_parent`, body, { passThrough: SHOWN_HERE });
}
