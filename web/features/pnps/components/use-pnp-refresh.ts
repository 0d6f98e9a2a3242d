import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pnpKeys } from '../api/pnp-keys';

/** The lists a P&P appears in: the work list, the P&P lists and the library. */
async function refreshListsOf(client: QueryClient, orgId: string): Promise<void> {
  await client.invalidateQueries({ queryKey: pnpKeys.workItems(orgId) });
  await client.invalidateQueries({ queryKey: ['pnps', orgId, 'list'] });
  await client.invalidateQueries({ queryKey: ['library', orgId] });
}

/** After a change: everything cached about this P&P (and the lists it appears in) is read again. */
export function usePnpRefresh(orgId: string, pnpId: string | number): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await client.invalidateQueries({ queryKey: pnpKeys.onePnp(orgId, String(pnpId)) });
    await refreshListsOf(client, orgId);
  }, [client, orgId, pnpId]);
}

/**
 * After the P&P is deleted: what was cached about it is dropped, not read again (every read would be
 * a 404 for a P&P that is gone), and the lists it was in are read again.
 */
export function usePnpForget(orgId: string, pnpId: string | number): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await client.cancelQueries({ queryKey: pnpKeys.onePnp(orgId, String(pnpId)) });
    client.removeQueries({ queryKey: pnpKeys.onePnp(orgId, String(pnpId)) });
    await refreshListsOf(client, orgId);
  }, [client, orgId, pnpId]);
}
