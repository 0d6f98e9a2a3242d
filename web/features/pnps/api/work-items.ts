import type { WorkList } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';

/** GET o/{org}/pnp_documents: the drafts the caller works on. */
export function listWorkItems(orgId: string, awaitingMe: boolean): Promise<WorkList> {
  return http.get<WorkList>(`o/${orgId}/pnp_documents`, { query: { awaiting_me: awaitingMe ? 'true' : undefined } });
}
