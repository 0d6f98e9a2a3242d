import { Alert, Button, Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ParticipantInput, ParticipantView } from '../../../../shared/api/pnps';
import { MAX_APPROVAL_STEPS, ObjectRole } from '../../../../shared/domain/roles';
import { ApiError } from '../../../lib/api-client';
import { searchCandidates } from '../api/containers-and-people';
import { pnpKeys } from '../api/pnp-keys';

export interface Picked {
  readonly type: 'User' | 'Group';
  readonly id: number;
  readonly name: string;
}

/** Participants by list: owners, authors, reviewers, approvers of steps 1..10, audience. */
export type ParticipantLists = Record<string, readonly Picked[]>;

const ROLE_LISTS: Array<{ key: string; label: string; role: number; step: number | null }> = [
  { key: 'owners', label: 'Owners', role: ObjectRole.Owner, step: null },
  { key: 'authors', label: 'Authors', role: ObjectRole.Author, step: null },
  { key: 'reviewers', label: 'Reviewers', role: ObjectRole.Reviewer, step: null },
  ...Array.from({ length: MAX_APPROVAL_STEPS }, (_, i) => ({
    key: `approvers-${i + 1}`,
    label: `Approvers (Step ${i + 1})`,
    role: ObjectRole.Approver,
    step: i + 1,
  })),
  { key: 'audience', label: 'Audience', role: ObjectRole.Audience, step: null },
];

const keyOf = (p: Picked): string => `${p.type}:${p.id}`;

/** The lists as the API takes them. */
export function toParticipantInputs(lists: ParticipantLists): ParticipantInput[] {
  return ROLE_LISTS.flatMap((r) =>
    (lists[r.key] ?? []).map((p) => ({
      ...(p.type === 'User' ? { user_id: p.id } : { group_id: p.id }),
      role: r.role,
      ...(r.role === ObjectRole.Approver ? { approval_step: r.step } : {}),
    })),
  );
}

/** Effective participants (as the API shows them) back into editable lists. */
export function fromParticipantViews(views: readonly ParticipantView[]): ParticipantLists {
  const lists: Record<string, Picked[]> = {};
  for (const v of views) {
    const key = ROLE_LISTS.find(
      (r) => r.role === v.role && (r.role !== ObjectRole.Approver || r.step === v.approval_step),
    )?.key;
    const id = v.user_id ?? v.group_id;
    if (!key || id === null) continue;
    (lists[key] ??= []).push({ type: v.type, id, name: v.name });
  }
  return lists;
}

function PeoplePicker({
  orgId,
  label,
  value,
  onChange,
}: {
  readonly orgId: string;
  readonly label: string;
  readonly value: readonly Picked[];
  readonly onChange: (v: Picked[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useQuery({
    queryKey: pnpKeys.candidates(orgId, debounced),
    queryFn: () => searchCandidates(orgId, debounced),
  });
  const known = new Map<string, Picked>(value.map((p) => [keyOf(p), p]));
  for (const c of query.data?.candidates ?? [])
    known.set(`${c.type}:${c.id}`, { type: c.type, id: c.id, name: c.name });
  const data = [...known.entries()].map(([v, p]) => ({
    value: v,
    label: p.type === 'Group' ? `${p.name} (Group)` : p.name,
  }));
  return (
    <MultiSelect
      label={label}
      placeholder="Search users and groups"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map(keyOf)}
      onChange={(keys) => onChange(keys.map((k) => known.get(k)).filter((p): p is Picked => p !== undefined))}
      nothingFoundMessage={query.isPending ? 'Searching…' : 'Nobody found'}
      hidePickedOptions
      clearable
    />
  );
}

/** Choose a P&P's own participants, role by role; approval steps are added up to ten. */
export function ParticipantsEditor({
  orgId,
  value,
  onChange,
}: {
  readonly orgId: string;
  readonly value: ParticipantLists;
  readonly onChange: (v: ParticipantLists) => void;
}) {
  const probe = useQuery({
    queryKey: pnpKeys.candidates(orgId, ''),
    queryFn: () => searchCandidates(orgId, ''),
    retry: false,
  });
  const usedSteps = ROLE_LISTS.filter((r) => r.step !== null && (value[r.key]?.length ?? 0) > 0).map((r) => r.step!);
  const [steps, setSteps] = useState(Math.max(1, ...usedSteps));
  if (probe.error instanceof ApiError && probe.error.status === 403) {
    return (
      <Alert color="gray">
        You may not choose participants here. The P&P inherits the participants of its binder or folder.
      </Alert>
    );
  }
  const shown = ROLE_LISTS.filter((r) => r.step === null || r.step <= steps);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {shown.map((r) => (
          <PeoplePicker
            key={r.key}
            orgId={orgId}
            label={r.label}
            value={value[r.key] ?? []}
            onChange={(v) => onChange({ ...value, [r.key]: v })}
          />
        ))}
      </SimpleGrid>
      <Group gap="sm">
        {steps < MAX_APPROVAL_STEPS && (
          <Button variant="subtle" size="xs" onClick={() => setSteps(steps + 1)}>
            Add Approval Step
          </Button>
        )}
        <Text size="xs" c="dimmed">
          Steps with no approvers are skipped. A P&P with its own participants needs at least one Owner.
        </Text>
      </Group>
    </Stack>
  );
}
