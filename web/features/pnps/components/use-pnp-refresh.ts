import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { manageKeys } from '../../manage/api/manage-keys';
import { taskKeys } from '../../tasks/api/tasks-api';
import { pnpKeys } from '../api/pnp-keys';

/**
 * The lists a P&P appears in: the work list, the P&P lists, the library, the manage tree (with what
 * hangs off its nodes) and the tasks (a workflow step completes and opens them). Those not on screen
 * are only marked stale, so the next visit asks again instead of showing, for half a minute, a tree
 * without the P&P just created or a review task already done.
 */
async function refreshListsOf(client: QueryClient, orgId: string): Promise<void> {
  await client.invalidateQueries({ queryKey: pnpKeys.workItems(orgId) });
  await client.invalidateQueries({ queryKey: ['pnps', orgId, 'list'] });
  await client.invalidateQueries({ queryKey: ['library', orgId] });
  await client.invalidateQueries({ queryKey: manageKeys.all(orgId) });
  await client.invalidateQueries({ queryKey: taskKeys.all(orgId) });
}

/** After P&Ps are created (the wizards, bulk upload): the lists they now appear in are read again. */
export function usePnpListsRefresh(orgId: string): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => refreshListsOf(client, orgId), [client, orgId]);
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
