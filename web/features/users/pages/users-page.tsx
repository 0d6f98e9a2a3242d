import { Anchor, Badge, Button, Group, Modal, Select, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  USER_CREATED_FROM_LABELS,
  USER_SORT_KEYS,
  USER_SUCCESS,
  type UserSortKey,
  type UserSummary,
} from '../../../../shared/api/users';
import { BULK_INVITE_FLAG_RESET_MS } from '../../../../shared/domain/limits';
import { Page } from '../../../components/page';
import { PaginationFooter } from '../../../components/pagination-footer';
import { usePagerFocus } from '../../../components/pager-focus';
import { toggleSort } from '../../../components/sort-state';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { setFilterValues, useUrlParams } from '../../../lib/url-params';
import {
  deleteUser,
  listUsers,
  sendBulkWelcomeEmail,
  sendWelcomeEmail,
  userKeys,
  type UserFilters,
} from '../api/users-api';
import { showErrors } from '../../../lib/show-errors';

const PAGE_SIZE = 10;
const CREATED_FROM = [
  { value: '', label: 'All' },
  ...Object.entries(USER_CREATED_FROM_LABELS).map(([value, label]) => ({ value, label })),
];

function filtersOf(p: URLSearchParams): UserFilters {
  const createdFrom = p.get('created_from');
  const page = Number(p.get('page') ?? '1');
  const sort = p.get('sort');
  return {
    sort: USER_SORT_KEYS.includes(sort as UserSortKey) ? (sort as UserSortKey) : 'name',
    dir: p.get('dir') === 'desc' ? 'desc' : 'asc',
    active: p.get('active') === 'true',
    inactive: p.get('inactive') === 'true',
    neverLoggedIn: p.get('never_logged_in') === 'true',
    search: p.get('search') ?? '',
    createdFrom: createdFrom === '0' || createdFrom === '1' ? createdFrom : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: PAGE_SIZE,
  };
}

/** orgs/{orgId}/users: the organisation's people, filtered, invited, edited and deleted (spec §2, §4). */
export function UsersPage() {
  const { orgId = '' } = useParams();
  const queryClient = useQueryClient();
  const [params, changeParams] = useUrlParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.search);
  // The email-processing flag of spec §4: true while an invitation is under way.
  const [emailProcessing, setEmailProcessing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<UserSummary | null>(null);
  // Invite All e-mails everyone who has not signed in yet: one click should not do that by mistake.
  const [confirmInviteAll, setConfirmInviteAll] = useState(false);
  // Deleting marks the row at once (spec §4: its id becomes 0), the list reloads after success.
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const query = useQuery({
    queryKey: userKeys.list(orgId, filters),
    queryFn: () => listUsers(orgId, filters),
    // No placeholder from the previous filter, search or page: its users would stay on screen as if
    // they matched. The table says it is loading until these filters' users come (as on Tasks).
  });
  const pager = usePagerFocus(filters.page, query.isPending);
  // A page past the end (its last user deleted, or an old link) shows the last page that has users,
  // not 'No Users to show' while the filters still match some.
  const lastPage = query.data ? Math.ceil(query.data.total / query.data.per_page) : 0;
  const pastTheEnd =
    query.data !== undefined && query.data.users.length === 0 && lastPage >= 1 && filters.page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    changeParams((next) => {
      if (lastPage > 1) next.set('page', String(lastPage));
      else next.delete('page');
    });
  }, [pastTheEnd, lastPage, changeParams]);

  const setFilters = (values: Record<string, string | null>): void =>
    changeParams((next) => setFilterValues(next, values, ['', 'false']));
  const setFilter = (key: string, value: string | null): void => setFilters({ [key]: value });
  // Only a changed search starts again at page 1: tabbing through the box must not lose the page.
  const applySearch = (): void => {
    if (search.trim() !== filters.search) setFilter('search', search.trim());
  };
  const sortBy = (key: string): void => {
    const next = toggleSort({ key: filters.sort, dir: filters.dir }, key);
    setFilters({ sort: next.key, dir: next.dir });
  };

  const invite = async (user: UserSummary): Promise<void> => {
    setEmailProcessing(true);
    try {
      await sendWelcomeEmail(orgId, user.id);
      toasts.success(USER_SUCCESS.emailSent);
    } catch (error) {
      showErrors(error);
    } finally {
      setEmailProcessing(false);
    }
  };

  const inviteAll = async (): Promise<void> => {
    setEmailProcessing(true);
    try {
      await sendBulkWelcomeEmail(orgId);
      toasts.success(USER_SUCCESS.bulkEmailSent, { title: USER_SUCCESS.emailTitle });
    } catch (error) {
      showErrors(error);
    } finally {
      window.setTimeout(() => setEmailProcessing(false), BULK_INVITE_FLAG_RESET_MS);
    }
  };

  const remove = useMutation({
    mutationFn: (user: UserSummary) => deleteUser(orgId, user.id),
    onMutate: (user) => {
      setConfirmDelete(null);
      setDeletingId(user.id);
    },
    onSuccess: async () => {
      toasts.success(USER_SUCCESS.deleted);
      await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
      setDeletingId(null);
    },
    onError: (error) => {
      setDeletingId(null);
      showErrors(error);
    },
  });

  const columns: TableColumn<UserSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (u) => (
        <Anchor component={Link} to={`/orgs/${orgId}/users/${u.id}`} size="sm">
          {u.name}
        </Anchor>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, render: (u) => u.email },
    { key: 'username', header: 'Username', sortable: true, render: (u) => u.username },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: 110,
      render: (u) =>
        u.id === deletingId ? (
          <Badge color="gray" variant="light" miw="max-content">
            Deleting…
          </Badge>
        ) : (
          // Never cut to 'AC…' when the table is squeezed: the column keeps the status whole.
          <Badge color={u.status === 1 ? 'green' : 'gray'} variant="light" miw="max-content">
            {u.status_label}
          </Badge>
        ),
    },
    {
      key: 'roles',
      header: 'Roles',
      render: (u) =>
        [u.is_admin ? 'Admin' : null, u.is_policy_owner ? 'Policy Owner' : null].filter(Boolean).join(', '),
    },
    { key: 'created_from', header: 'Created From', render: (u) => u.created_from_label },
    {
      key: 'last_login_at',
      header: 'Last Login',
      sortable: true,
      width: 130,
      render: (u) => (u.last_login_at ? formatDisplayDate(u.last_login_at) : 'Never'),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={`/orgs/${orgId}/users/edit/${u.id}`}
            size="xs"
            variant="light"
            aria-label={`Edit ${u.name}`}
          >
            Edit
          </Button>
          {u.status === 1 && (
            <Button
              size="xs"
              variant="light"
              disabled={emailProcessing}
              aria-label={`Invite ${u.name}`}
              onClick={() => void invite(u)}
            >
              Invite
            </Button>
          )}
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={u.id === deletingId}
            aria-label={`Delete ${u.name}`}
            onClick={() => setConfirmDelete(u)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  const data = query.data;
  return (
    <Page
      subtitle="The people of your organisation: invite, edit, deactivate, and see what they hold."
      actions={
        <Group gap="xs">
          <Button component={Link} to={`/orgs/${orgId}/users/new`}>
            New User
          </Button>
          <Button variant="light" disabled={emailProcessing} onClick={() => setConfirmInviteAll(true)}>
            Invite All
          </Button>
          <Button component={Link} to={`/orgs/${orgId}/users/bulk_upload`} variant="default">
            Bulk Upload
          </Button>
          <Button component={Link} to={`/orgs/${orgId}/users/import_history`} variant="default">
            Import History
          </Button>
          <Button component={Link} to={`/orgs/${orgId}/users/bulk_reassign`} variant="default">
            Bulk Reassign
          </Button>
        </Group>
      }
    >
      <Group gap="md" align="flex-end" mb="md" role="search" aria-label="User filters">
        <TextInput
          label="Search"
          placeholder="Name, email or username"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applySearch();
          }}
          onBlur={applySearch}
          w={260}
        />
        <Select
          label="Created From"
          data={CREATED_FROM}
          value={filters.createdFrom}
          onChange={(v) => setFilter('created_from', v)}
          allowDeselect={false}
          w={170}
        />
        <Switch
          label="Active"
          checked={filters.active}
          onChange={(e) => setFilter('active', String(e.currentTarget.checked))}
        />
        <Switch
          label="Inactive"
          checked={filters.inactive}
          onChange={(e) => setFilter('inactive', String(e.currentTarget.checked))}
        />
        <Switch
          label="Never Logged In"
          checked={filters.neverLoggedIn}
          onChange={(e) => setFilter('never_logged_in', String(e.currentTarget.checked))}
        />
      </Group>
      <SortableTable
        label="Users"
        columns={columns}
        rows={data?.users ?? []}
        rowKey={(u) => u.id}
        loading={query.isPending || pastTheEnd}
        error={query.error}
        sort={{ key: filters.sort, dir: filters.dir }}
        onSort={sortBy}
        empty={{ items: 'Users', message: 'No users match these filters.' }}
        footer={
          data && (
            <PaginationFooter
              total={data.total}
              page={data.page}
              pageSize={data.per_page}
              label="Users"
              onPageChange={(page) => {
                pager.remember();
                setFilter('page', String(page));
              }}
            />
          )
        }
      />
      <Modal opened={confirmInviteAll} onClose={() => setConfirmInviteAll(false)} title="Invite All">
        <Text mb="md">
          Send the welcome e-mail, with a link to set a password, to every active user who has not signed in yet?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmInviteAll(false)}>
            Cancel
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setConfirmInviteAll(false);
              void inviteAll();
            }}
          >
            Send Invitations
          </Button>
        </Group>
      </Modal>
      <Modal opened={confirmDelete !== null} onClose={() => setConfirmDelete(null)} title="Delete User">
        <Text mb="md">
          Delete {confirmDelete?.name}? They will no longer be able to sign in, their sessions end at once and their
          open tasks are closed.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => confirmDelete && remove.mutate(confirmDelete)}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
