import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserGroupMember } from '../../../../shared/api/user-groups';
import { searchMemberCandidates, userGroupKeys } from '../api/user-groups-api';

export type PickedMember = Pick<UserGroupMember, 'id' | 'name' | 'email'>;

/** The group's members, chosen from the organisation's active users, searched by name or e-mail. */
export function MembersPicker({
  orgId,
  value,
  onChange,
}: {
  readonly orgId: string;
  readonly value: readonly PickedMember[];
  readonly onChange: (value: PickedMember[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useQuery({
    queryKey: userGroupKeys.candidates(orgId, debounced),
    queryFn: () => searchMemberCandidates(orgId, debounced),
  });
  const known = new Map<string, PickedMember>(value.map((m) => [String(m.id), m]));
  for (const u of query.data?.users ?? []) known.set(String(u.id), { id: u.id, name: u.name, email: u.email });
  const data = [...known.entries()].map(([key, m]) => ({ value: key, label: `${m.name} (${m.email})` }));
  return (
    <MultiSelect
      label="Members"
      description="Choose the users who belong to this group. They hold every role the group is given."
      placeholder="Search users by name or e-mail"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map((m) => String(m.id))}
      onChange={(keys) => onChange(keys.map((k) => known.get(k)).filter((m): m is PickedMember => m !== undefined))}
      nothingFoundMessage={query.isPending ? 'Searching…' : 'Nobody found'}
      hidePickedOptions
      clearable
    />
  );
}
