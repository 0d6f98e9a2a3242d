import { Anchor, Badge, Button, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ORG_USER_SORT_KEYS, type OrgUserSortKey } from '../../../shared/api/hstm-org-users';
import { USER_SUCCESS, type UserSummary } from '../../../shared/api/users';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { toggleSort } from '../../components/sort-state';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { toasts } from '../../lib/alerts';
import { formatDisplayDate } from '../../lib/format';
import { setFilterValues, useUrlParams } from '../../lib/url-params';
import { showErrors } from '../../lib/show-errors';
import { UserForm, type UserFormValues } from '../users/components/user-form';
import { orgUserKeys, orgUsersApi, type OrgUserFilters } from './org-users-api';

const PAGE_SIZE = 10;
const STATUSES = [
  { value: '', label: 'All' },
  { value: '1', label: 'Active' },
  { value: '2', label: 'Inactive' },
];

const formValuesOf = (u: UserSummary): UserFormValues => ({
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  username: u.username,
  title: u.title ?? '',
  is_admin: u.is_admin,
  is_policy_owner: u.is_policy_owner,
  status: u.status === 2 ? 2 : 1,
});

function filtersOf(p: URLSearchParams, admins: boolean): OrgUserFilters {
  const page = Number(p.get('page') ?? '1');
  const status = p.get('status');
  const sort = p.get('sort');
  return {
    search: p.get('search') ?? '',
    status: status === '1' || status === '2' ? status : '',
    admins,
    sort: ORG_USER_SORT_KEYS.includes(sort as OrgUserSortKey) ? (sort as OrgUserSortKey) : 'name',
    dir: p.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: PAGE_SIZE,
  };
}

type Editing = { kind: 'new' } | { kind: 'edit'; user: UserSummary } | null;

/** The users (or only the admins) of one organisation, from the staff area: add, edit, delete. */
export function OrgUsersList({ admins }: { readonly admins: boolean }) {
  const { orgId = '' } = useParams();
  const queryClient = useQueryClient();
  const [params, changeParams] = useUrlParams();
  const filters = filtersOf(params, admins);
  const [search, setSearch] = useState(filters.search);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmDelete, setConfirmDelete] = useState<UserSummary | null>(null);
  const label = admins ? 'Admins' : 'Users';

  const query = useQuery({
    queryKey: orgUserKeys.list(orgId, filters),
    queryFn: () => orgUsersApi.list(orgId, filters),
    // No placeholder from the previous search, status or page: its users would stay on screen as if
    // they matched. The table says it is loading until these filters' users come (as on Tasks).
  });
  const pager = usePagerFocus(filters.page, query.isPending);

  const setFilters = (values: Record<string, string | null>): void =>
    changeParams((next) => setFilterValues(next, values));
  const setFilter = (key: string, value: string | null): void => setFilters({ [key]: value });

  const remove = useMutation({
    mutationFn: (user: UserSummary) => orgUsersApi.remove(user.id),
    onMutate: () => setConfirmDelete(null),
    onSuccess: async () => {
      toasts.success(USER_SUCCESS.deleted);
      await queryClient.invalidateQueries({ queryKey: orgUserKeys.all });
    },
    onError: (error) => showErrors(error),
  });

  const save = async (values: UserFormValues): Promise<void> => {
    const user = { ...values, title: values.title || null };
    if (editing?.kind === 'edit') {
      await orgUsersApi.update(editing.user.id, { user, user_id: editing.user.id });
      toasts.success(USER_SUCCESS.updated);
    } else {
      await orgUsersApi.create({ user: { ...user, org_id: Number(orgId) } });
      toasts.success(USER_SUCCESS.created);
    }
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: orgUserKeys.all });
  };

  const columns: TableColumn<UserSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (u) => (
        <Anchor component={Link} to={`/hstm/orgs/${orgId}/pm_users/${u.id}`} size="sm">
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
      render: (u) => (
        // Never narrower than its word: squeezed by the e-mail column, the badge read 'ACT…'.
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
            size="xs"
            variant="light"
            aria-label={`Edit ${u.name}`}
            onClick={() => setEditing({ kind: 'edit', user: u })}
          >
            Edit
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
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
    <>
      <Group gap="md" align="flex-end" mb="md" justify="space-between">
        <Group gap="md" align="flex-end" role="search" aria-label={`${label} filters`}>
          <TextInput
            label="Search"
            placeholder="Name, email or username"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilter('search', search.trim());
            }}
            onBlur={() => setFilter('search', search.trim())}
            w={260}
          />
          <Select
            label="Status"
            data={STATUSES}
            value={filters.status}
            onChange={(v) => setFilter('status', v)}
            allowDeselect={false}
            w={150}
          />
        </Group>
        <Button onClick={() => setEditing({ kind: 'new' })}>Add User</Button>
      </Group>
      <SortableTable
        label={label}
        columns={columns}
        rows={data?.users ?? []}
        rowKey={(u) => u.id}
        loading={query.isPending}
        error={query.error}
        sort={{ key: filters.sort, dir: filters.dir }}
        onSort={(key) => {
          const next = toggleSort({ key: filters.sort, dir: filters.dir }, key);
          setFilters({ sort: next.key, dir: next.dir });
        }}
        empty={{ items: label, message: `No ${label.toLowerCase()} match these filters.` }}
        footer={
          data && (
            <PaginationFooter
              total={data.total}
              page={data.page}
              pageSize={data.per_page}
              label={label}
              onPageChange={(page) => {
                pager.remember();
                setFilter('page', String(page));
              }}
            />
          )
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? 'Edit User' : 'Add User'}
        size="lg"
        // A click beside the form (easily made while picking from a list) closed it and lost what was
        // typed; Cancel, the close button and Escape still close it.
        closeOnClickOutside={false}
      >
        {editing && (
          <UserForm
            key={editing.kind === 'edit' ? editing.user.id : 'new'}
            initial={editing.kind === 'edit' ? formValuesOf(editing.user) : { ...EMPTY, is_admin: admins }}
            submitLabel={editing.kind === 'edit' ? 'Save' : 'Create'}
            onCancel={() => setEditing(null)}
            onSubmit={save}
          />
        )}
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
    </>
  );
}

const EMPTY: UserFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  username: '',
  title: '',
  is_admin: false,
  is_policy_owner: false,
  status: 1,
};
