import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { treeNodeKey, type ContainerLevels } from '../../../../shared/api/containers';
import type { QueryStatusSource } from '../../../components/query-status';
import { fetchContainerLevels } from '../api/fetch-container-levels';
import { fetchContainerTree } from '../api/fetch-container-tree';
import { manageKeys } from '../api/manage-keys';
import type { ManageItem } from '../tree/build-tree';

export interface ManageTreeData {
  /** Every node loaded so far, each list's parents before their children. */
  readonly items: readonly ManageItem[];
  readonly createBinder: boolean;
  /** The first answer has not come yet. */
  readonly pending: boolean;
  /**
   * The loads that failed: the tree's own (the binders, or the whole tree) and any opened binder's or
   * folder's children. Each can be asked for again; an empty tree after a failure is not 'no binders'.
   */
  readonly failed: readonly QueryStatusSource[];
  /** Keys of the opened binders and folders whose children are being loaded. */
  readonly loadingIds: ReadonlySet<string>;
  /** A loaded binder or folder by id. */
  readonly locate: (containerId: number) => ManageItem | undefined;
}

/**
 * The nodes of the manage tree. On demand (`whole` false) the binders alone come first, then each
 * opened binder's or folder's children in a request of its own; one known to hold nothing the user
 * may see asks nothing. The whole tree (`whole`: a folder view, a filter, Expand All) comes in one
 * request, as those need every node.
 */
export function useManageTreeData(
  orgId: string,
  bypass: boolean,
  whole: boolean,
  opened: ReadonlySet<number>,
): ManageTreeData {
  const queryClient = useQueryClient();
  const full = useQuery({
    queryKey: manageKeys.tree(orgId, bypass),
    queryFn: async () => {
      const data = await fetchContainerTree(orgId, bypass);
      performance.mark('manage-tree-data');
      return data;
    },
    enabled: whole,
  });
  const top = useQuery({
    queryKey: manageKeys.level(orgId, bypass, null),
    queryFn: async () => {
      const data = await fetchContainerLevels(orgId, bypass, null);
      performance.mark('manage-tree-data');
      return data;
    },
    enabled: !whole,
  });
  // Whether an opened binder or folder has children, from the answers cached now (this render's data).
  const known = new Map<number, boolean>();
  for (const [, data] of queryClient.getQueriesData<ContainerLevels>({
    queryKey: ['manage', orgId, 'level', bypass],
  })) {
    for (const item of data?.items ?? []) if (item.item_type !== 3) known.set(item.id, item.has_children);
  }
  const openedIds = [...opened];
  const levels = useQueries({
    queries: openedIds.map((id) => ({
      queryKey: manageKeys.level(orgId, bypass, id),
      queryFn: () => fetchContainerLevels(orgId, bypass, id),
      enabled: !whole && known.get(id) === true,
    })),
  });

  // One string that changes when any opened binder's or folder's answer does: the memo below follows it.
  const levelStamp = levels.map((l, i) => `${openedIds[i]}@${l.dataUpdatedAt}`).join(',');
  const loadingKey = levels
    .map((l, i) => (l.isPending && known.get(openedIds[i]!) === true ? openedIds[i] : null))
    .filter((id) => id !== null)
    .join(',');
  // Until the whole tree comes, the screen keeps showing the nodes loaded on demand.
  const showWhole = whole && full.data !== undefined;
  const items = useMemo<readonly ManageItem[]>(
    () =>
      showWhole
        ? (full.data?.items ?? [])
        : [...(top.data?.items ?? []), ...levels.flatMap((l) => l.data?.items ?? [])],
    // `levels` is a fresh array every render; levelStamp says when its data changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [showWhole, full.data, top.data, levelStamp],
  );
  const loadingIds = useMemo<ReadonlySet<string>>(
    () => new Set(loadingKey ? loadingKey.split(',').map((id) => treeNodeKey(2, Number(id))) : []),
    [loadingKey],
  );
  const byId = useMemo(() => {
    const map = new Map<number, ManageItem>();
    for (const item of items) if (item.item_type !== 3 && !map.has(item.id)) map.set(item.id, item);
    return map;
  }, [items]);
  const locate = useCallback((containerId: number) => byId.get(containerId), [byId]);
  const source = showWhole ? full.data : top.data;
  const load = whole ? full : top;
  const failed = [
    ...(load.isError ? [load] : []),
    ...(whole ? [] : levels.filter((l, i) => l.isError && known.get(openedIds[i]!) === true)),
  ];
  return {
    items,
    createBinder: source?.abilities.create_binder ?? false,
    pending: source === undefined && (whole ? full.isPending : top.isPending),
    failed,
    loadingIds,
    locate,
  };
}
