import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { Delegation } from '../../../../shared/api/delegation';
import { ApiError } from '../../../lib/api-client';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { Messages } from '../../../../shared/domain/messages';
import {
  clearMyDelegation,
  delegationKeys,
  getMyDelegation,
  listDelegateCandidates,
  setMyDelegation,
} from '../api/delegation-api';
import { taskKeys } from '../api/tasks-api';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A datetime-local value ('2026-11-23T09:30') for an instant, in UTC: the application's time zone
 * (spec §9), so that the window reads the same to the user, their delegate and the server.
 */
export function toUtcInput(instant: Date): string {
  return instant.toISOString().slice(0, 16);
}

/** 'Nov 23, 2026 09:30 UTC'. */
export function formatUtcDateTime(iso: string): string {
  const d = new Date(iso);
  return `${formatDisplayDate(d.toISOString().slice(0, 10))} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** The instant of a datetime-local value read as UTC, or the text itself for the server to refuse. */
const toUtc = (value: string): string => {
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(`${value}:00Z`) : new Date(Number.NaN);
  return !Number.isNaN(time.getTime()) ? time.toISOString() : value;
};

function describe(d: Delegation): string {
  const window = `from ${formatUtcDateTime(d.starts_at)} until ${formatUtcDateTime(d.ends_at)}`;
  return d.active
    ? `You are away ${window}. Your new tasks also go to ${d.delegate_name}, who can act for you.`
    : `You will be away ${window}. Your new tasks will also go to ${d.delegate_name}, who can act for you.`;
}

/**
 * The tasks page's 'Away' section (delegation while away, ADR 0011): "away from ... until ..., my
 * tasks go to ...", set and cleared by the user. It ends by itself.
 */
export function AwaySection({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: delegationKeys.mine(orgId), queryFn: ({ signal }) => getMyDelegation(signal) });
  const current = mine.data?.delegation ?? null;

  const [delegateId, setDelegateId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [startsAt, setStartsAt] = useState(() => toUtcInput(new Date()));
  const [endsAt, setEndsAt] = useState(() => toUtcInput(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)));
  const [errors, setErrors] = useState<readonly string[]>([]);

  // A window already set opens in the form as it is (who, from, until), so 'Change Away' changes
  // only what the user changes: the form's defaults (now, a week from now, no one) would have
  // replaced a window set for later with one starting now.
  const currentDelegate = current?.delegate_id;
  const currentStart = current?.starts_at;
  const currentEnd = current?.ends_at;
  useEffect(() => {
    if (currentDelegate === undefined || !currentStart || !currentEnd) return;
    setDelegateId(String(currentDelegate));
    setStartsAt(toUtcInput(new Date(currentStart)));
    setEndsAt(toUtcInput(new Date(currentEnd)));
  }, [currentDelegate, currentStart, currentEnd]);

  const candidates = useQuery({
    queryKey: delegationKeys.candidates(orgId, debounced),
    queryFn: ({ signal }) => listDelegateCandidates(debounced, signal),
  });
  const options = (candidates.data?.candidates ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (current && !options.some((o) => o.value === String(current.delegate_id))) {
    options.push({ value: String(current.delegate_id), label: current.delegate_name });
  }

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: delegationKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.all(orgId) }),
    ]);

  const save = useMutation({
    mutationFn: () =>
      setMyDelegation({
        delegation: { delegate_id: Number(delegateId ?? 0), starts_at: toUtc(startsAt), ends_at: toUtc(endsAt) },
      }),
    onSuccess: async () => {
      setErrors([]);
      await refresh();
      toasts.success(Messages.recordUpdated);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    },
  });
  const clear = useMutation({
    mutationFn: clearMyDelegation,
    onSuccess: async () => {
      await refresh();
      toasts.success(Messages.recordUpdated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      ...(delegateId ? [] : ['Choose who your tasks go to.']),
      ...(startsAt ? [] : ['Away from is required.']),
      ...(endsAt ? [] : ['Away until is required.']),
    ];
    setErrors(missing);
    if (missing.length === 0) save.mutate();
  };

  return (
    <Paper component="section" withBorder p="md" mb="lg" aria-labelledby="away-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="away-heading">
          Away
        </Title>
        <Text size="sm" role="status">
          {current
            ? describe(current)
            : 'Going away? Name who your tasks go to while you are gone. You keep your tasks too, and it ends by itself.'}
        </Text>
        {current && (
          <Group>
            <Button
              variant="default"
              size="xs"
              loading={clear.isPending}
              onClick={() => clear.mutate()}
              aria-label="Clear Away"
            >
              Clear Away
            </Button>
          </Group>
        )}
        <form onSubmit={submit} aria-label="Set Away" noValidate>
          <Group align="flex-end" gap="md">
            <Select
              label="Tasks go to"
              placeholder="Search people"
              data={options}
              value={delegateId}
              onChange={setDelegateId}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage="No one found"
              w={240}
              required
            />
            <TextInput
              type="datetime-local"
              label="Away from (UTC)"
              value={startsAt}
              onChange={(e) => setStartsAt(e.currentTarget.value)}
              required
              w={220}
            />
            <TextInput
              type="datetime-local"
              label="Away until (UTC)"
              value={endsAt}
              onChange={(e) => setEndsAt(e.currentTarget.value)}
              required
              w={220}
            />
            <Button type="submit" loading={save.isPending}>
              {current ? 'Change Away' : 'Set Away'}
            </Button>
          </Group>
        </form>
        {errors.length > 0 && (
          <Alert color="red" role="alert" title="The away time was not saved">
            <Stack gap={2}>
              {errors.map((e) => (
                <Text key={e} size="sm">
                  {e}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
