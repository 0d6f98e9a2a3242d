import type { CandidateList } from '../../../../shared/api/access';
import type { ContainerTree } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';

/** GET o/{org}/containers[?bypass_val=true]: binders and folders, to choose where a P&P from a template goes (admins see all). */
export function listContainers(orgId: string, everything: boolean): Promise<ContainerTree> {
  return http.get<ContainerTree>(`o/${orgId}/containers`, { query: { bypass_val: everything ? 'true' : undefined } });
}

/** GET o/{org}/access/candidates?q: users and groups to choose participants from (403 if the caller may not). */
export function searchCandidates(orgId: string, q: string): Promise<CandidateList> {
  return http.get<CandidateList>(`o/${orgId}/access/candidates`, {
    query: { q: q || undefined, limit: 50 },
    passThrough: [403],
  });
}
