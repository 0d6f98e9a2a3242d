import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAckKeys, searchReaderCandidates } from '../api/read-acks-api';

/** A chosen reader: a user or a group. */
export interface PickedReader {
  readonly type: 'User' | 'Group';
  readonly id: number;
  readonly name: string;
}

export const readerKey = (p: Pick<PickedReader, 'type' | 'id'>): string => `${p.type}:${p.id}`;

/** Users and groups of the organisation, searched by name or e-mail; groups are marked '(Group)'. */
export function ReadersPicker({
  orgId,
  value,
  onChange,
  error,
}: {
  readonly orgId: string;
  readonly value: readonly PickedReader[];
  readonly onChange: (value: PickedReader[]) => void;
  readonly error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useQuery({
    queryKey: readAckKeys.candidates(orgId, debounced),
    queryFn: () => searchReaderCandidates(orgId, debounced),
    // The options found so far stay (filtered by what is typed) while the next search runs: they
    // used to vanish for 'Searching…' at each pause in typing, taking away the one being clicked.
    placeholderData: keepPreviousData,
  });
  const known = new Map<string, PickedReader>(value.map((p) => [readerKey(p), p]));
  for (const c of query.data?.candidates ?? []) known.set(readerKey(c), { type: c.type, id: c.id, name: c.name });
  const data = [...known.entries()].map(([key, p]) => ({
    value: key,
    label: p.type === 'Group' ? `${p.name} (Group)` : p.name,
  }));
  return (
    <MultiSelect
      label="Readers"
      description="Choose users and groups. Group members are asked to acknowledge, and so are people who join the group while the read acknowledgement is active."
      placeholder="Search users and groups"
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map(readerKey)}
      onChange={(keys) => onChange(keys.map((k) => known.get(k)).filter((p): p is PickedReader => p !== undefined))}
      nothingFoundMessage={query.isFetching ? 'Searching…' : 'Nobody found'}
      hidePickedOptions
      clearable
      error={error}
    />
  );
}
