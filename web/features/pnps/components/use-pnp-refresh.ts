import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
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
 * a 404 for a P&P that is gone), and the lists it was in are read again. The cache is dropped only
 * once the component holding this hook is unmounted: the route change is a transition that keeps
 * the P&P's page on screen until the next page's code has loaded, and a page still on screen asks
 * again at once for any query removed under it.
 */
export function usePnpForget(orgId: string, pnpId: string | number): () => Promise<void> {
  const client = useQueryClient();
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) client.removeQueries({ queryKey: pnpKeys.onePnp(orgId, String(pnpId)) });
    },
    [client, orgId, pnpId],
  );
  return useCallback(async () => {
    deleted.current = true;
    await client.cancelQueries({ queryKey: pnpKeys.onePnp(orgId, String(pnpId)) });
    await refreshListsOf(client, orgId);
  }, [client, orgId, pnpId]);
}
