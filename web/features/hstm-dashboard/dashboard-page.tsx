import { Anchor, Badge, Button, Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardOrg, DashboardUser } from '../../../shared/api/hstm-dashboard';
import { USER_STATUS_LABELS } from '../../../shared/api/users';
import { StaffPermission } from '../../../shared/domain/roles';
import { ORG_STATUS_LABELS, UserStatus, type OrgStatus } from '../../../shared/domain/statuses';
import { Page } from '../../components/page';
import type { TableColumn } from '../../components/sortable-table';
import { useSessionFlags } from '../../lib/session-store';
import { dashboardApi, dashboardKeys } from './dashboard-api';
import { DashboardListSection } from './dashboard-list-section';

const STATUS_COLOURS: Record<number, string> = { 0: 'gray.7', 1: 'green.8', 2: 'red.8' };
const statusLabel = (status: number): string => ORG_STATUS_LABELS[status as OrgStatus] ?? String(status);

function Figure({
  label,
  value,
  hint,
}: {
  readonly label: string;
  readonly value: number | undefined;
  readonly hint: string;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} aria-label={`${label}: ${value ?? '…'}`}>
        {value ?? '…'}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** A name that links to its page only when the staff user may open it. */
const maybeLink = (allowed: boolean, to: string, children: ReactNode): ReactNode =>
  allowed ? (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  ) : (
    <Text size="sm">{children}</Text>
  );

/** Which lists the server gives this staff user. */
interface Given {
  readonly orgs: boolean;
  readonly users: boolean;
}

/** What the search looks through, for the lists this staff user is given. */
const searchDescription = (orgs: boolean, users: boolean): string =>
  [orgs && 'organizations by name or tenant key', users && 'users by name, email or username']
    .filter(Boolean)
    .join('; ')
    .replace(/^./, (first) => first.toUpperCase()) + '.';

/**
 * hstm/dashboard: find organisations and org users quickly, and see what needs attention. The
 * server gives organisations only to org management (3) and users only to 3 or login as (4), and
 * says which lists it withholds: those are not drawn as empty ones, and the search is offered once
 * the answer says it covers a list.
 */
export function DashboardPage() {
  const flags = useSessionFlags();
  const canOpenOrgs = flags.staffPermissions.includes(StaffPermission.OrgManagement);
  // Login-as (permission 4) is offered here too: the user's own page needs org management (3), and
  // staff with 4 alone had no way to reach it.
  const canLoginAs = flags.staffPermissions.includes(StaffPermission.LoginAs);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery({
    queryKey: dashboardKeys.search(debounced),
    queryFn: () => dashboardApi.load(debounced),
    // The previous search's answer stands in only for the figures, which no search changes, so that
    // they do not blank while searching. Its organisations and users are not this search's: both
    // tables say they are loading until these come, and their counts say nothing meanwhile.
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const searching = query.isPending || query.isPlaceholderData;
  // Which lists this staff user is given is the server's word, the same in every answer: kept from
  // the last one, so that a search that fails does not take the search box away. Unknown until the
  // first answer comes: the lists say they are loading and no search is offered yet.
  const [given, setGiven] = useState<Given | undefined>(undefined);
  const answered: Given | undefined = data && { orgs: !data.organizations.withheld, users: !data.users.withheld };
  if (answered && (answered.orgs !== given?.orgs || answered.users !== given.users)) setGiven(answered);
  const sections = answered ?? given;
  const seesOrgs = sections?.orgs ?? false;
  const seesUsers = sections?.users ?? false;

  const orgColumns: TableColumn<DashboardOrg>[] = [
    { key: 'name', header: 'Name', render: (o) => maybeLink(canOpenOrgs, `/hstm/orgs/${o.id}`, o.name) },
    { key: 'tenant', header: 'Tenant key', width: 200 },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      render: (o) => (
        <Badge variant="outline" color={STATUS_COLOURS[o.status] ?? 'gray.6'} c="dark.7">
          {statusLabel(o.status)}
        </Badge>
      ),
    },
  ];
  const userColumns: TableColumn<DashboardUser>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (u) => maybeLink(canOpenOrgs, `/hstm/orgs/${u.org_id}/pm_users/${u.id}`, u.name),
    },
    { key: 'email', header: 'Email' },
    { key: 'username', header: 'Username' },
    {
      key: 'status',
      header: 'Status',
      width: 110,
      // Why a user cannot sign in (and why Login as is not offered) starts here.
      render: (u) => (
        <Badge
          variant="outline"
          color={u.status === UserStatus.Active ? 'green.8' : 'gray.7'}
          c="dark.7"
          miw="max-content"
        >
          {USER_STATUS_LABELS[u.status] ?? String(u.status)}
        </Badge>
      ),
    },
    {
      key: 'org_name',
      header: 'Organization',
      render: (u) => maybeLink(canOpenOrgs, `/hstm/orgs/${u.org_id}`, u.org_name),
    },
    ...(canLoginAs
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: 120,
            render: (u: DashboardUser) =>
              u.status === UserStatus.Active ? (
                <Button
                  component={Link}
                  to={`/hstm/login_as/${u.id}/${encodeURIComponent(u.name)}`}
                  size="xs"
                  variant="light"
                  aria-label={`Login as ${u.name}`}
                >
                  Login as
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Page>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Figure label="Active organizations" value={data?.figures.orgs_active} hint="Their users can sign in." />
          <Figure label="Disabled organizations" value={data?.figures.orgs_disabled} hint="Sign-in refused." />
          <Figure label="Locked organizations" value={data?.figures.orgs_locked} hint="Sign-in refused." />
          <Figure
            label="Users locked out"
            value={data?.figures.users_locked_out}
            hint="Too many failed sign-ins, locked right now."
          />
        </SimpleGrid>
        {(seesOrgs || seesUsers) && (
          <TextInput
            label="Search"
            description={searchDescription(seesOrgs, seesUsers)}
            placeholder={seesOrgs ? 'Search organizations and users' : 'Search users'}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={480}
          />
        )}
        <DashboardListSection
          title="Organizations"
          list={data?.organizations}
          withheld={sections?.orgs === false}
          withheldNotice="Organizations are shown to staff with the Org management permission."
          columns={orgColumns}
          rowKey={(o) => o.id}
          search={debounced}
          searching={searching}
          error={query.error}
          empty={{ searched: 'No organization matches this search.', none: 'No organization yet.' }}
        />
        <DashboardListSection
          title="Users"
          list={data?.users}
          withheld={sections?.users === false}
          withheldNotice="Users are shown to staff with the Org management or Login as another user permission."
          columns={userColumns}
          rowKey={(u) => u.id}
          search={debounced}
          searching={searching}
          error={query.error}
          empty={{ searched: 'No user matches this search.', none: 'No user yet.' }}
        />
      </Stack>
    </Page>
  );
}
