import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Candidate, SubjectRef } from '../../../../shared/api/access';
import { fetchAccessCandidates } from '../api/fetch-access-candidates';
import { manageKeys } from '../api/manage-keys';

const valueOf = (c: Candidate): string => `${c.type}:${c.id}`;

/** The icon of a user or a group (spec §3: 'Group' shows a group icon). */
export function SubjectIcon({ type }: { readonly type: 'User' | 'Group' }) {
  return type === 'Group' ? <IconUsersGroup size={15} aria-label="Group" /> : <IconUser size={15} aria-label="User" />;
}

/** Picks a user or a group of the organisation by name (searched on the server as you type). */
export function SubjectPicker({
  orgId,
  label,
  busy = false,
  onPick,
}: {
  readonly orgId: string;
  readonly label: string;
  /** Nothing may be picked for now (a change is being saved); the field keeps the keyboard. */
  readonly busy?: boolean;
  readonly onPick: (subject: SubjectRef, name: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const candidates = useQuery({
    queryKey: manageKeys.candidates(orgId, debounced),
    queryFn: () => fetchAccessCandidates(orgId, debounced),
    placeholderData: keepPreviousData,
  });
  const list = candidates.data?.candidates ?? [];
  const byValue = new Map(list.map((c) => [valueOf(c), c]));
  return (
    <Select
      size="xs"
      aria-label={label}
      placeholder={label}
      searchable
      clearable
      readOnly={busy}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name or e-mail; keep its answer as it is.
      filter={({ options }) => options}
      data={list.map((c) => ({ value: valueOf(c), label: c.name }))}
      nothingFoundMessage={candidates.isFetching ? 'Loading Records...' : 'No users or groups found'}
      renderOption={({ option }) => {
        const candidate = byValue.get(option.value);
        return (
          <Group gap={6} wrap="nowrap">
            <SubjectIcon type={candidate?.type ?? 'User'} />
            <Text size="sm">{option.label}</Text>
            {candidate?.email && (
              <Text size="xs" c="dimmed">
                {candidate.email}
              </Text>
            )}
          </Group>
        );
      }}
      onChange={(value) => {
        const candidate = value ? byValue.get(value) : undefined;
        if (!candidate) return;
        onPick({ type: candidate.type, id: candidate.id }, candidate.name);
        setSearch('');
      }}
    />
  );
}
