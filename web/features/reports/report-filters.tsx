import { Box, Button, Group, MultiSelect, Select, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { READ_ACK_STATUS_LABELS } from '../../../shared/api/read-acks';
import {
  REPORT_DATE_RANGES,
  REPORT_MAX_GROUPS,
  REPORT_SEARCH_MAX_LENGTH,
  type ReportFilterKey,
} from '../../../shared/api/reporting';
import { OBJECT_ROLE_NAMES } from '../../../shared/domain/roles';
import { DRAFT_STAGE_LABELS, PNP_STATUS_LABELS, VERSION_STATUS_LABELS } from '../../../shared/domain/statuses';
import { DateInput } from '../../components/date-input';
import { SearchBox } from '../../components/search-box';
import { useSessionFlags } from '../../lib/session-store';
import type { ReportDefinition } from './report-definitions';
import { fetchUserOption, listGroupOptions, reportKeys, searchUserOptions, type PickerOption } from './reports-api';

const options = (labels: Record<number, string>): PickerOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Spec §3 "Reporting filters": the roles (ids of §3), the read-ack statuses, the version statuses. */
const ROLE_OPTIONS = options(OBJECT_ROLE_NAMES);
const READ_ACK_STATUS_OPTIONS = options(READ_ACK_STATUS_LABELS);
const VERSION_STATUS_OPTIONS = options(VERSION_STATUS_LABELS);
const PNP_STATUS_OPTIONS = options(PNP_STATUS_LABELS);
const DRAFT_STAGE_OPTIONS = options(DRAFT_STAGE_LABELS);
const COMPLETION_OPTIONS: PickerOption[] = [
  { value: '1', label: 'Complete' },
  { value: '0', label: 'Incomplete' },
];

export interface ReportFiltersProps {
  readonly def: ReportDefinition;
  readonly params: URLSearchParams;
  readonly onChange: (key: ReportFilterKey, value: string | null) => void;
  readonly onReset: () => void;
  /** Whether Clear Filters is offered: a filter is set, or the address's sort keeps the report from loading. */
  readonly filtered: boolean;
}

/** A select of fixed codes; its value is the URL's, so a link opens with it chosen. */
function CodeSelect({
  label,
  value,
  data,
  onChange,
}: {
  readonly label: string;
  readonly value: string | null;
  readonly data: PickerOption[];
  readonly onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label={label}
      placeholder="All"
      data={data}
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      w={190}
    />
  );
}

/** The groups of the organisation (see listGroupOptions for who reads which list). */
function GroupSelect({
  value,
  onChange,
}: {
  readonly value: string | null;
  readonly onChange: (v: string | null) => void;
}) {
  const orgId = useOrgId();
  const { isOrgAdmin } = useSessionFlags();
  const groups = useQuery({
    queryKey: reportKeys.groups(orgId, isOrgAdmin),
    queryFn: () => listGroupOptions(orgId, isOrgAdmin),
    staleTime: 60_000,
  });
  // Several groups travel as one comma-separated value ('1,3'), as the report API takes them.
  const chosen = useMemo(() => (value ? value.split(',').filter(Boolean) : []), [value]);
  const data = useMemo(
    () => chosen.reduce<PickerOption[]>((list, id) => withChosen(list, id, 'Group'), [...(groups.data ?? [])]),
    [groups.data, chosen],
  );
  return (
    <MultiSelect
      label="Groups"
      placeholder={chosen.length > 0 ? undefined : groups.isPending ? 'Loading groups…' : 'All groups'}
      data={data}
      value={chosen}
      onChange={(ids) => onChange(ids.length > 0 ? ids.join(',') : null)}
      maxValues={REPORT_MAX_GROUPS}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear Groups' }}
      nothingFoundMessage="No groups match"
      error={groups.isError ? 'The groups could not be loaded.' : undefined}
      w={280}
    />
  );
}

/** Users found by name or e-mail as the user types; the chosen one stays in the list. */
function UserSelect({
  value,
  onChange,
}: {
  readonly value: string | null;
  readonly onChange: (v: string | null) => void;
}) {
  const orgId = useOrgId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<PickerOption | null>(null);
  const users = useQuery({
    queryKey: reportKeys.users(orgId, debounced),
    queryFn: () => searchUserOptions(orgId, debounced),
    staleTime: 60_000,
  });
  // A user from the URL (a link, Back, a reload) that neither was just chosen nor is among the
  // search's first matches: their name is looked up, so the filter names them.
  const listed = (users.data ?? []).some((o) => o.value === value);
  const known = chosen !== null && chosen.value === value;
  const named = useQuery({
    queryKey: reportKeys.user(orgId, value ?? ''),
    queryFn: () => fetchUserOption(orgId, value ?? ''),
    enabled: value !== null && !known && users.isSuccess && !listed,
    staleTime: 60_000,
  });
  const data = useMemo(() => {
    const list = users.data ?? [];
    const found = known ? chosen : (named.data ?? null);
    const withKnown = found && found.value === value && !list.some((o) => o.value === value) ? [found, ...list] : list;
    return withChosen(withKnown, value, 'User');
  }, [users.data, chosen, known, named.data, value]);
  return (
    <Select
      label="User"
      placeholder="All users"
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear User' }}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No users match'}
      w={280}
    />
  );
}

/** An id from the URL that the list does not hold (yet) still shows as chosen. */
function withChosen(list: readonly PickerOption[], value: string | null, noun: string): PickerOption[] {
  if (!value || list.some((o) => o.value === value)) return [...list];
  return [{ value, label: `${noun} ${value}` }, ...list];
}

function useOrgId(): string {
  return useParams().orgId ?? '';
}

/**
 * The filters a report accepts (docs/reports.md), each bound to its API query key in the URL. Date
 * ranges are two dates each ("from" and "to", both included); "to" may not be before "from".
 */
export function ReportFilterBar({ def, params, onChange, onReset, filtered }: ReportFiltersProps) {
  const value = (key: ReportFilterKey): string | null => params.get(key) || null;
  const has = (key: ReportFilterKey): boolean => def.filters.includes(key);
  const form = useRef<HTMLFormElement>(null);
  // A date field keeps text that never became a value (an invalid '2026-13-45') with its error: each
  // Clear Filters gives the date fields new keys, so they start again empty.
  const [resets, setResets] = useState(0);
  // Clear Filters goes away once nothing is filtered: focus moves to the first filter, not to the page.
  const reset = (): void => {
    onReset();
    setResets((n) => n + 1);
    form.current?.querySelector('input')?.focus();
  };
  return (
    <Box
      component="form"
      ref={form}
      role="search"
      aria-label={`${def.title} filters`}
      onSubmit={(e) => e.preventDefault()}
    >
      <Group gap="md" align="flex-start" wrap="wrap">
        {has('q') && (
          <SearchBox
            label="Search"
            placeholder={def.searchHint}
            maxLength={REPORT_SEARCH_MAX_LENGTH}
            value={params.get('q') ?? ''}
            onChange={(v) => onChange('q', v)}
          />
        )}
        {has('version_status') && (
          <CodeSelect
            label="Version Status"
            value={value('version_status')}
            data={VERSION_STATUS_OPTIONS}
            onChange={(v) => onChange('version_status', v)}
          />
        )}
        {has('pnp_status') && (
          <CodeSelect
            label="P&P Status"
            value={value('pnp_status')}
            data={PNP_STATUS_OPTIONS}
            onChange={(v) => onChange('pnp_status', v)}
          />
        )}
        {has('draft_stage') && (
          <CodeSelect
            label="Stage"
            value={value('draft_stage')}
            data={DRAFT_STAGE_OPTIONS}
            onChange={(v) => onChange('draft_stage', v)}
          />
        )}
        {has('status') && (
          <CodeSelect
            label="Status"
            value={value('status')}
            data={READ_ACK_STATUS_OPTIONS}
            onChange={(v) => onChange('status', v)}
          />
        )}
        {has('role') && (
          <CodeSelect label="Role" value={value('role')} data={ROLE_OPTIONS} onChange={(v) => onChange('role', v)} />
        )}
        {has('completion') && (
          <CodeSelect
            label="Completion"
            value={value('completion')}
            data={COMPLETION_OPTIONS}
            onChange={(v) => onChange('completion', v)}
          />
        )}
        {has('user_id') && <UserSelect value={value('user_id')} onChange={(v) => onChange('user_id', v)} />}
        {has('group_id') && <GroupSelect value={value('group_id')} onChange={(v) => onChange('group_id', v)} />}
      </Group>
      {REPORT_DATE_RANGES.some(([from]) => has(from)) && (
        <Group gap="lg" align="flex-start" wrap="wrap" mt="sm">
          {REPORT_DATE_RANGES.filter(([from]) => has(from)).map(([from, to, label]) => (
            <Box key={from} component="fieldset" p={0} m={0} style={{ border: 0 }}>
              {/* The inputs' own labels say the range; the legend groups them for screen readers. */}
              <VisuallyHidden component="legend">{label}</VisuallyHidden>
              {/* On a phone the "to" field goes under the "from" one: side by side they are wider than the screen. */}
              <Group gap="xs" align="flex-start" wrap="wrap">
                <Box w={195}>
                  <DateInput
                    key={`${from}:${resets}`}
                    label={`${label} from`}
                    value={value(from)}
                    maxDate={value(to) ?? undefined}
                    onChange={(v) => onChange(from, v)}
                  />
                </Box>
                <Box w={195}>
                  <DateInput
                    key={`${to}:${resets}`}
                    label={`${label} to`}
                    value={value(to)}
                    minDate={value(from) ?? undefined}
                    onChange={(v) => onChange(to, v)}
                  />
                </Box>
              </Group>
            </Box>
          ))}
        </Group>
      )}
      {filtered && (
        <Button variant="subtle" size="xs" mt="sm" onClick={reset}>
          Clear Filters
        </Button>
      )}
    </Box>
  );
}
