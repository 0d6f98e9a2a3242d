import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ManageItem } from '../tree/build-tree';
import { Messages } from '../../../../shared/domain/messages';
import { namesWithMore } from '../../../../shared/domain/names-listed';
import { confirm } from '../../../components/confirmation-modal';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { plural } from '../../../lib/format';
import { createContainer } from '../api/create-container';
import { deleteContainer } from '../api/delete-container';
import { fetchContainerSummary } from '../api/fetch-container-summary';
import { manageKeys } from '../api/manage-keys';
import { updateContainer } from '../api/update-container';
import type { ContainerFormValues } from './container-form-modal';
import type { TreeDrop } from './manage-tree';
import { showFailure } from './show-failure';
import { mentionsDeleted, type DeletedNodes } from '../tree/deleted-nodes';
import { levelsListing } from '../tree/level-sources';

const KIND: Record<number, string> = { 1: 'binder', 2: 'folder', 3: 'P&P' };
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The tree's writes: create, rename, move, copy and delete, each followed by a fresh copy of the part
 * of the tree it changed. `locate` finds a loaded binder or folder by id.
 */
export function useTreeActions(orgId: string, locate: (containerId: number) => ManageItem | undefined) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /**
   * Fetches again what hangs off the manage screen and, of the tree's parts loaded on demand, those
   * that list the children of `parents` or say whether they have any (see levelsListing).
   */
  const refresh = (parents: ReadonlyArray<number | null>) => {
    const owners = levelsListing(parents, locate);
    return queryClient.invalidateQueries({
      queryKey: manageKeys.all(orgId),
      predicate: (query) => query.queryKey[2] !== 'level' || owners.has(query.queryKey[4] as number | null),
    });
  };

  /**
   * Runs a write, says how it went and fetches a fresh tree. `beforeRefresh` runs first when the write
   * succeeded (a delete drops what it deleted, so nothing asks the server for it again). `onInvalid`
   * takes the server's sentences of a 422; `onRefused` those of any refusal (a dialog shows them).
   */
  const run = async <T>(
    kind: 'create' | 'update',
    parents: ReadonlyArray<number | null>,
    work: () => Promise<T>,
    success: string,
    beforeRefresh?: () => void,
    onInvalid?: (errors: readonly string[]) => void,
    onRefused?: (errors: readonly string[]) => void,
  ): Promise<T | null> => {
    setBusy(true);
    let result: T | null = null;
    try {
      result = await work();
      toasts.success(success);
      beforeRefresh?.();
    } catch (error) {
      // A refused value belongs next to its field in the form, not in a toast.
      if (onInvalid && error instanceof ApiError && error.status === 422 && error.errors.length)
        onInvalid(error.errors);
      else if (onRefused && error instanceof ApiError && !error.handled && error.errors.length) onRefused(error.errors);
      else showFailure(error, kind);
    } finally {
      setBusy(false);
    }
    await refresh(parents);
    return result;
  };

  /** Forgets the cached participants, change logs and P&P details of deleted nodes (and all below them). */
  const forget = (deleted: DeletedNodes) =>
    queryClient.removeQueries({
      queryKey: manageKeys.all(orgId),
      predicate: (query) => mentionsDeleted(query.queryKey, deleted),
    });

  const create = (
    itemType: 1 | 2,
    parentId: number | null,
    values: ContainerFormValues,
    onInvalid?: (errors: readonly string[]) => void,
  ) =>
    run(
      'create',
      [parentId],
      () =>
        createContainer(orgId, {
          item_type: itemType,
          name: values.name,
          description: values.description,
          ...(parentId ? { parent_id: parentId } : {}),
        }),
      Messages.recordCreated,
      undefined,
      onInvalid,
    );

  const rename = (item: ManageItem, values: ContainerFormValues, onInvalid?: (errors: readonly string[]) => void) =>
    run(
      'update',
      [item.parent_id],
      () =>
        updateContainer(orgId, item.id, {
          name: values.name,
          description: values.description,
          lock_version: item.lock_version,
        }),
      Messages.recordUpdated,
      undefined,
      onInvalid,
    );

  /**
   * Copies a node under `parentId` (null: the top level), at `position` or at the end. `onRefused`
   * takes the server's sentences when it refuses (else they are toasts).
   */
  const copy = (
    item: ManageItem,
    parentId: number | null,
    position?: number,
    onRefused?: (errors: readonly string[]) => void,
  ) =>
    run(
      'create',
      [parentId],
      () =>
        createContainer(orgId, {
          copy_of: { item_type: item.item_type, id: item.id },
          parent_id: parentId,
          ...(position === undefined ? {} : { position }),
        }),
      Messages.recordCreated,
      undefined,
      undefined,
      onRefused,
    );

  /** Moves a node under `parentId` (null: the top level), at `position` or at the end. */
  const move = (
    item: ManageItem,
    parentId: number | null,
    position?: number,
    onRefused?: (errors: readonly string[]) => void,
  ) =>
    run(
      'update',
      [item.parent_id, parentId],
      () =>
        updateContainer(orgId, item.id, {
          ...(item.item_type === 3 ? { item_type: 3 as const } : {}),
          parent_id: parentId,
          ...(position === undefined ? {} : { position }),
          lock_version: item.lock_version,
        }),
      Messages.recordUpdated,
      undefined,
      undefined,
      onRefused,
    );

  const drop = ({ node, target, position, copy: copying }: TreeDrop) =>
    copying
      ? copy(node.item, target ? target.item.id : null, position)
      : move(node.item, target ? target.item.id : null, position);

  /**
   * Spec §2: deleting a non-empty container asks first and says what it contains. `deleted` names
   * every node that goes with it; `onDeleted` runs before the tree is fetched again (the screen lets
   * go of a deleted selection there, so its panel asks nothing more about it).
   */
  const remove = async (
    items: readonly ManageItem[],
    deleted: DeletedNodes,
    onDeleted: () => void,
  ): Promise<boolean> => {
    let folders = 0;
    let pnps = 0;
    const blocking: string[] = [];
    let blockingTotal = 0;
    try {
      for (const item of items) {
        const summary = await fetchContainerSummary(orgId, item.id);
        folders += summary.folders;
        pnps += summary.pnps;
        blocking.push(...summary.blocking_pnps.map((p) => p.name));
        blockingTotal += summary.blocking_total;
      }
    } catch (error) {
      showFailure(error, 'update');
      return false;
    }
    const what =
      items.length === 1
        ? `${KIND[items[0]!.item_type]} ${items[0]!.name}`
        : `${items.length} selected binders and folders`;
    if (blocking.length) {
      toasts.danger(
        `${capital(what)} cannot be deleted: it holds published or retired P&Ps (${namesWithMore(blocking, blockingTotal)}). Move them to another binder or folder first.`,
      );
      return false;
    }
    const holds =
      folders || pnps
        ? `It contains ${plural(folders, 'folder')} and ${plural(pnps, 'P&P')}, which will be deleted with it.`
        : 'It is empty.';
    const answer = await confirm({
      title: items.length === 1 ? `Delete ${capital(KIND[items[0]!.item_type]!)}` : 'Delete Selected',
      content: `Delete ${what}?`,
      subText: `${holds} This cannot be undone.`,
      actionLabel: 'Delete',
      theme: 'danger',
    });
    if (!answer) return false;
    const done = await run(
      'update',
      items.map((item) => item.parent_id),
      async () => {
        for (const item of items) await deleteContainer(orgId, item.id, item.lock_version);
        return true;
      },
      Messages.recordDeleted,
      () => {
        onDeleted();
        forget(deleted);
      },
    );
    return done === true;
  };

  return { busy, create, rename, drop, move, copy, remove };
}
