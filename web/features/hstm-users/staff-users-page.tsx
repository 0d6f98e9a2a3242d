import { Anchor, Badge, Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { STAFF_SORT_KEYS, STAFF_SUCCESS, type StaffSortKey, type StaffUser } from '../../../shared/api/hstm-users';
import { Page } from '../../components/page';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { toggleSort } from '../../components/sort-state';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { toasts } from '../../lib/alerts';
import { formatDisplayDate } from '../../lib/format';
import { setFilterValues, useUrlParams } from '../../lib/url-params';
import { showErrors } from '../../lib/show-errors';
import { useSession, useSessionFlags } from '../../lib/session-store';
import { staffActionLocks } from './permission-locks';
import { staffUserKeys, staffUsersApi, type StaffUserFilters } from './staff-users-api';

const PAGE_SIZE = 10;

function filtersOf(p: URLSearchParams): StaffUserFilters {
  const page = Number(p.get('page') ?? '1');
  const sort = p.get('sort');
  return {
    search: p.get('search') ?? '',
    sort: STAFF_SORT_KEYS.includes(sort as StaffSortKey) ? (sort as StaffSortKey) : 'name',
    dir: p.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: PAGE_SIZE,
  };
}

/** hstm/hstm_users: provider staff and their permissions (staff permission 2). */
export function StaffUsersPage() {
  const queryClient = useQueryClient();
  const [params, changeParams] = useUrlParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.search);
  const [confirmDelete, setConfirmDelete] = useState<StaffUser | null>(null);
  const signedInId = useSession()?.user?.id;
  const { isHstmUser, staffPermissions } = useSessionFlags();

  const query = useQuery({
    queryKey: staffUserKeys.list(filters),
    queryFn: () => staffUsersApi.list(filters),
    // No placeholder from the previous search, sort or page: its staff users would stay on screen as
    // if they were these. The table says it is loading until they come (as on Tasks).
  });
  const pager = usePagerFocus(filters.page, query.isPending);

  const setFilters = (values: Record<string, string | null>): void =>
    changeParams((next) => setFilterValues(next, values));

  const remove = useMutation({
    mutationFn: (user: StaffUser) => staffUsersApi.remove(user.id),
    onMutate: () => setConfirmDelete(null),
    onSuccess: async () => {
      toasts.success(STAFF_SUCCESS.deleted);
      await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
    },
    onError: (error) => showErrors(error),
  });

  const columns: TableColumn<StaffUser>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (u) => (
        <Anchor component={Link} to={`/hstm/hstm_users/${u.id}/settings`} size="sm">
          {u.name}
        </Anchor>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, render: (u) => u.email },
    { key: 'username', header: 'Username', sortable: true, render: (u) => u.username },
    {
      key: 'permissions',
      header: 'Permissions',
      render: (u) => (u.permission_labels.length ? u.permission_labels.join(', ') : 'None'),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: 110,
      render: (u) => (
        <Badge color={u.status === 1 ? 'green' : 'gray'} variant="light">
          {u.status_label}
        </Badge>
      ),
    },
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
      render: (u) => {
        // What the server would refuse is not offered; the reason is the button's tooltip and description.
        const locks = staffActionLocks(
          { permissions: staffPermissions, isSelf: isHstmUser && signedInId === u.id },
          { permissions: u.permissions },
        );
        return (
          <Group gap="xs" wrap="nowrap">
            {locks.edit === null ? (
              <Button
                component={Link}
                to={`/hstm/hstm_users/edit/${u.id}`}
                size="xs"
                variant="light"
                aria-label={`Edit ${u.name}`}
              >
                Edit
              </Button>
            ) : (
              <Button size="xs" variant="light" disabled aria-label={`Edit ${u.name}`} title={locks.edit}>
                Edit
              </Button>
            )}
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Delete ${u.name}`}
              disabled={locks.remove !== null}
              title={locks.remove ?? undefined}
              onClick={() => setConfirmDelete(u)}
            >
              Delete
            </Button>
          </Group>
        );
      },
    },
  ];

  const data = query.data;
  return (
    <Page
      subtitle="Provider staff and their permissions."
      actions={
        <Button component={Link} to="/hstm/hstm_users/new">
          New Staff User
        </Button>
      }
    >
      <Group gap="md" align="flex-end" mb="md" role="search" aria-label="Staff user filters">
        <TextInput
          label="Search"
          placeholder="Name, email or username"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilters({ search: search.trim() });
          }}
          onBlur={() => setFilters({ search: search.trim() })}
          w={260}
        />
      </Group>
      <SortableTable
        label="Staff Users"
        columns={columns}
        rows={data?.hstm_users ?? []}
        rowKey={(u) => u.id}
        loading={query.isPending}
        error={query.error}
        sort={{ key: filters.sort, dir: filters.dir }}
        onSort={(key) => {
          const next = toggleSort({ key: filters.sort, dir: filters.dir }, key);
          setFilters({ sort: next.key, dir: next.dir });
        }}
        empty={{ items: 'Staff Users', message: 'No staff users match this search.' }}
        footer={
          data && (
            <PaginationFooter
              total={data.total}
              page={data.page}
              pageSize={data.per_page}
              label="Staff Users"
              onPageChange={(page) => {
                pager.remember();
                setFilters({ page: String(page) });
              }}
            />
          )
        }
      />
      <Modal opened={confirmDelete !== null} onClose={() => setConfirmDelete(null)} title="Delete Staff User">
        <Text mb="md">
          Delete {confirmDelete?.name}? They will no longer be able to sign in and their sessions end at once.
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
