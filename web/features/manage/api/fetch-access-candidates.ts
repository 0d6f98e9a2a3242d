import type { CandidateList } from '../../../../shared/api/access';
import { http } from '../../../lib/api-client';

/** GET o/{org}/access/candidates?q: users and groups to pick participants from. */
export function fetchAccessCandidates(orgId: string, q: string): Promise<CandidateList> {
  return http.get<CandidateList>(`o/${orgId}/access/candidates`, { query: { q: q || undefined, limit: 50 } });
}
