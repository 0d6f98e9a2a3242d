import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LibraryFilters } from '../../../../shared/api/library';
import { fetchFilterOptions } from '../api/get-filter-options';
import { libraryKeys } from '../api/library-keys';
import { filterChipText } from './filter-chip-text';

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
  const nameOf = (key: string, value: unknown): string | null => {
    if (key === 'container_id') return options.data?.containers.find((c) => c.id === value)?.location ?? null;
    if (key === 'owner_id') return options.data?.owners.find((o) => o.id === value)?.name ?? null;
    return null;
  };
  return (
    <Group gap={6} aria-label="Advanced search filters" role="group">
      {Object.entries(filters).map(([key, value]) => (
        // Until the names arrive (or for one no longer offered), the chip names the filter alone.
        <Badge key={key} variant="light" color="gray" tt="none">
          {filterChipText(key, value, nameOf(key, value))}
        </Badge>
      ))}
    </Group>
  );
}
