import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LibraryDocument } from '../../../../shared/api/library';
import { handleFavorite } from '../api/handle-favorite';
import { libraryKeys } from '../api/library-keys';

export interface FavoriteButtonProps {
  readonly orgId: string;
  readonly pnpId: number;
  readonly name: string;
  readonly favorite: boolean;
}

/** The favourite star: a toggle button (aria-pressed) that says what it does for this P&P. */
export function FavoriteButton({ orgId, pnpId, name, favorite }: FavoriteButtonProps) {
  const queryClient = useQueryClient();
  // Shown at once; the server's answer (and the refetch) confirms it.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const on = optimistic ?? favorite;
  const mutation = useMutation({
    mutationFn: (next: boolean) => handleFavorite(orgId, pnpId, next),
    onMutate: (next) => setOptimistic(next),
    onError: () => setOptimistic(null),
    onSuccess: (result) => {
      // The open P&P is updated in place: refetching it would record another view.
      queryClient.setQueryData<LibraryDocument>(libraryKeys.item(orgId, String(pnpId)), (current) =>
        current
          ? {
              ...current,
              item: { ...current.item, favorite: result.favorite, favorite_updated_at: result.favorite_updated_at },
            }
          : current,
      );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({
        queryKey: libraryKeys.all(orgId),
        predicate: (query) => query.queryKey[2] !== 'item',
      });
      setOptimistic(null);
    },
  });
  const label = on ? `Remove ${name} from Favorites` : `Add ${name} to Favorites`;
  return (
    <Tooltip label={on ? 'Remove from Favorites' : 'Add to Favorites'}>
      <ActionIcon
        variant="subtle"
        color={on ? 'yellow.8' : 'gray.7'}
        aria-label={label}
        aria-pressed={on}
        loading={mutation.isPending}
        onClick={() => mutation.mutate(!on)}
      >
        {on ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
