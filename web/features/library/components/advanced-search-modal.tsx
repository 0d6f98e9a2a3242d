import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { LibraryFilters } from '../../../../shared/api/library';
import { SEARCH_PHRASE_MAX_LENGTH } from '../../../../shared/api/library';
import { DateInput } from '../../../components/date-input';
import { stopIfInvalid } from '../../../lib/form-validity';
import { fetchFilterOptions } from '../api/get-filter-options';
import { libraryKeys } from '../api/library-keys';
import { searchableFilters } from '../pages/results-path';

export interface AdvancedSearchModalProps {
  readonly opened: boolean;
  readonly initial: LibraryFilters;
  readonly onClose: () => void;
  readonly onSearch: (filters: LibraryFilters) => void;
}

const RANGES = [
  { label: 'Effective date', from: 'effective_from', to: 'effective_to' },
  { label: 'Published date', from: 'published_from', to: 'published_to' },
  { label: 'Review due date', from: 'review_from', to: 'review_to' },
] as const;

/** Advanced search: words, binder or folder, owner, and the effective / published / review-due date ranges. */
export function AdvancedSearchModal({ opened, initial, onClose, onSearch }: AdvancedSearchModalProps) {
  const { orgId = '' } = useParams();
  const [filters, setFilters] = useState<LibraryFilters>(initial);
  // The pages keep the dialog mounted while it is closed, so that closing it hands focus back to the
  // button that opened it; each opening starts again from what the page gives.
  const [shownOpened, setShownOpened] = useState(opened);
  if (opened !== shownOpened) {
    setShownOpened(opened);
    if (opened) setFilters(initial);
  }
  const options = useQuery({
    queryKey: libraryKeys.filterOptions(orgId),
    queryFn: () => fetchFilterOptions(orgId),
    enabled: opened,
  });
  const set = <K extends keyof LibraryFilters>(key: K, value: LibraryFilters[K] | null | '') =>
    setFilters((current) => {
      const next = { ...current };
      if (value === null || value === '' || value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  // A date that is not one never searches with the last good value in its place.
  const submit = (event: FormEvent<Element>) => {
    if (stopIfInvalid(event)) return;
    const searched = searchableFilters(filters);
    if (Object.keys(searched).length > 0) onSearch(searched);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          Advanced Search
        </Title>
      }
      size="lg"
    >
      <Stack component="form" onSubmit={submit} gap="md">
        <TextInput
          label="Words"
          description="Found in the name, location, description or the document itself"
          maxLength={SEARCH_PHRASE_MAX_LENGTH}
          value={filters.words ?? ''}
          onChange={(event) => set('words', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Binder or folder"
            placeholder="Any binder or folder"
            searchable
            clearable
            data={(options.data?.containers ?? []).map((c) => ({ value: String(c.id), label: c.location }))}
            value={filters.container_id ? String(filters.container_id) : null}
            onChange={(value) => set('container_id', value ? Number(value) : null)}
          />
          <Select
            label="Owner"
            placeholder="Any owner"
            searchable
            clearable
            data={(options.data?.owners ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
            value={filters.owner_id ? String(filters.owner_id) : null}
            onChange={(value) => set('owner_id', value ? Number(value) : null)}
          />
        </SimpleGrid>
        {RANGES.map((range) => (
          <SimpleGrid key={range.from} cols={{ base: 1, sm: 2 }}>
            <DateInput
              label={`${range.label} from`}
              value={filters[range.from] ?? null}
              maxDate={filters[range.to]}
              onChange={(value) => set(range.from, value)}
            />
            <DateInput
              label={`${range.label} to`}
              value={filters[range.to] ?? null}
              minDate={filters[range.from]}
              onChange={(value) => set(range.to, value)}
            />
          </SimpleGrid>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setFilters({})}>
            Clear
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={Object.keys(searchableFilters(filters)).length === 0}>
              Search
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
