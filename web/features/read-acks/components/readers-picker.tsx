import { Group, List, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReaderCandidate } from '../../../../shared/api/read-acks';
import { readAckKeys, searchReaderCandidates } from '../api/read-acks-api';

/** A chosen reader: a user or a group. */
export interface PickedReader {
  readonly type: 'User' | 'Group';
  readonly id: number;
  readonly name: string;
  /** A user's e-mail, shown beside the name: two people may have the same name. */
  readonly email?: string | null;
  /** A reader already asked who cannot see the P&P now (the edit form): the server refuses them. */
  readonly cannotSee?: boolean;
}

export const readerKey = (p: Pick<PickedReader, 'type' | 'id'>): string => `${p.type}:${p.id}`;

/** 'Nora Nurse (nora.nurse@example.com)', 'Night Nurses (Group)': how a chosen reader is named. */
export const readerLabel = (p: Pick<PickedReader, 'type' | 'name' | 'email'>): string =>
  p.type === 'Group' ? `${p.name} (Group)` : p.email ? `${p.name} (${p.email})` : p.name;

const pickedOf = (c: ReaderCandidate): PickedReader => ({
  type: c.type,
  id: c.id,
  name: c.name,
  email: c.email,
});

/**
 * What the readers step says about the chosen: a reader already asked who cannot see the P&P now
 * (the server refuses them), and, when groups are chosen, that their members who cannot are not asked.
 */
export function readerNotes(value: readonly PickedReader[]): string[] {
  const notes = value
    .filter((p) => p.type === 'User' && p.cannotSee)
    .map((p) => `${readerLabel(p)} cannot see this P&P any more: remove them or give them a role on it.`);
  if (value.some((p) => p.type === 'Group'))
    notes.push(
      'Members of the chosen groups who cannot see this P&P are not asked: the read acknowledgement lists them.',
    );
  return notes;
}

/** What an option says besides its name: why it cannot be chosen, or how many a group has. */
function optionNote(c: ReaderCandidate): string | null {
  if (c.unavailable) return c.unavailable;
  if (c.type === 'Group' && c.members !== null) return c.members === 1 ? '1 member' : `${c.members} members`;
  return null;
}

/**
 * Users and groups of the organisation, searched by name or e-mail, for one P&P (ADR 0026): each
 * user with their e-mail; who cannot be a reader (a user who cannot see the P&P, a group none of
 * whose members can) is shown disabled with the reason.
 */
export function ReadersPicker({
  orgId,
  pnpId,
  value,
  onChange,
  error,
}: {
  readonly orgId: string;
  readonly pnpId: number;
  readonly value: readonly PickedReader[];
  readonly onChange: (value: PickedReader[]) => void;
  readonly error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useQuery({
    queryKey: readAckKeys.candidates(orgId, pnpId, debounced),
    queryFn: () => searchReaderCandidates(orgId, pnpId, debounced),
    // The options found so far stay (filtered by what is typed) while the next search runs: they
    // used to vanish for 'Searching…' at each pause in typing, taking away the one being clicked.
    placeholderData: keepPreviousData,
  });
  const known = new Map<string, PickedReader>(value.map((p) => [readerKey(p), p]));
  const candidates = new Map<string, ReaderCandidate>();
  for (const c of query.data?.candidates ?? []) {
    candidates.set(readerKey(c), c);
    if (!known.has(readerKey(c))) known.set(readerKey(c), pickedOf(c));
  }
  const data = [...known.entries()].map(([key, p]) => ({
    value: key,
    label: readerLabel(p),
    disabled: candidates.get(key)?.unavailable != null && !value.some((v) => readerKey(v) === key),
  }));
  const notes = readerNotes(value);
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Readers"
        description="Choose users and groups who can see this P&P. Group members are asked to acknowledge, and so are people who join the group while the read acknowledgement is active; members who cannot see the P&P are not asked."
        placeholder="Search users and groups"
        required
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={data}
        value={value.map(readerKey)}
        onChange={(keys) => onChange(keys.map((k) => known.get(k)).filter((p): p is PickedReader => p !== undefined))}
        renderOption={({ option }) => {
          const c = candidates.get(option.value);
          const note = c ? optionNote(c) : null;
          return (
            <Group gap={6} wrap="nowrap">
              {c?.type === 'Group' ? (
                <IconUsersGroup size={15} aria-hidden="true" />
              ) : (
                <IconUser size={15} aria-hidden="true" />
              )}
              <Text size="sm" span>
                {c?.type === 'Group' ? `${c.name} (Group)` : (c?.name ?? option.label)}
                {c?.email && (
                  <Text size="xs" c="dimmed" span>
                    {` (${c.email})`}
                  </Text>
                )}
                {note && (
                  <Text size="xs" c={c?.unavailable ? 'red.8' : 'dimmed'} span>
                    {` — ${note}`}
                  </Text>
                )}
              </Text>
            </Group>
          );
        }}
        nothingFoundMessage={query.isFetching ? 'Searching…' : 'Nobody found'}
        hidePickedOptions
        clearable
        error={error}
      />
      {notes.length > 0 && (
        <List size="sm" aria-label="About the chosen readers" c="orange.9">
          {notes.map((n) => (
            <List.Item key={n}>{n}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
