import { useQuery } from '@tanstack/react-query';
import type { WorkList } from '../../../shared/api/pnp-documents';
import { http } from '../../lib/api-client';

/** How often the navigation asks again what waits for the user (a workflow step refreshes it at once). */
const WORK_COUNT_STALE_MS = 60_000;

/**
 * GET o/{org}/pnp_documents?awaiting_me=true: the drafts waiting for the user, for the navigation's
 * link to the working list and its count. The key sits under the P&P work items' key, so a workflow
 * step (which invalidates those) refreshes the count too. Undefined while unknown or on failure.
 */
export function useWorkCount(orgId: string, enabled: boolean): number | undefined {
  const query = useQuery({
    queryKey: ['pnps', orgId, 'work-items', true],
    queryFn: () =>
      http.get<WorkList>(`o/${orgId}/pnp_documents`, { query: { awaiting_me: 'true' }, passThrough: [403, 404] }),
    enabled,
    staleTime: WORK_COUNT_STALE_MS,
    retry: false,
  });
  return query.data?.total;
}
