import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LibraryFilters } from '../../../../shared/api/library';
import { fetchFilterOptions } from '../api/get-filter-options';
import { libraryKeys } from '../api/library-keys';

const FILTER_LABELS: Record<string, string> = {
  words: 'Words',
  container_id: 'Binder or folder',
  owner_id: 'Owner',
  effective_from: 'Effective from',
  effective_to: 'Effective to',
  published_from: 'Published from',
  published_to: 'Published to',
  review_from: 'Review due from',
  review_to: 'Review due to',
};

/**
 * The filters of an advanced search as chips, with names rather than ids: a binder or folder by its
 * location, an owner by name (from the same choices the advanced search offers).
 */
export function FilterChips({ orgId, filters }: { readonly orgId: string; readonly filters: LibraryFilters }) {
  const needsNames = filters.container_id !== undefined || filters.owner_id !== undefined;
  const options = useQuery({
    queryKey: libraryKeys.filterOptions(orgId),
    queryFn: () => fetchFilterOptions(orgId),
    enabled: needsNames,
  });
  const valueOf = (key: string, value: unknown): string | null => {
    if (key === 'container_id') return options.data?.containers.find((c) => c.id === value)?.location ?? null;
    if (key === 'owner_id') return options.data?.owners.find((o) => o.id === value)?.name ?? null;
    return String(value);
  };
  return (
    <Group gap={6} aria-label="Advanced search filters" role="group">
      {Object.entries(filters).map(([key, value]) => {
        const shown = valueOf(key, value);
        // Until the names arrive (or for one no longer offered), the chip names the filter alone.
        return (
          <Badge key={key} variant="light" color="gray" tt="none">
            {shown === null ? FILTER_LABELS[key] : `${FILTER_LABELS[key]}: ${shown}`}
          </Badge>
        );
      })}
    </Group>
  );
}
