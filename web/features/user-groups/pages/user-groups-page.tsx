import { ActionIcon, Anchor, Badge, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconEdit, IconPlus, IconSearch, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { UserGroupSummary } from '../../../../shared/api/user-groups';
import { Messages } from '../../../../shared/domain/messages';
import { confirm } from '../../../components/confirmation-modal';
import { Page } from '../../../components/page';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { toasts } from '../../../lib/alerts';
import { deleteUserGroup, listUserGroups, userGroupKeys } from '../api/user-groups-api';
import { formErrorsOf } from '../components/errors-of';

const isSystem = (g: UserGroupSummary): boolean => g.created_by_source === 'System';

/** orgs/{orgId}/user_groups: the organisation's groups, searchable; system groups marked and kept as they are. */
export function UserGroupsPage() {
  const { orgId = '' } = useParams();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery({
    queryKey: userGroupKeys.list(orgId, debounced),
    queryFn: () => listUserGroups(orgId, debounced),
    // No placeholder from the previous search: its groups would stay on screen as if they matched
    // this one. The table says it is loading until this search's groups come (as on Tasks). Sorting
    // and paging are done here, on the groups at hand, and need no loading.
  });
  const table = useClientTable(query.data?.user_groups ?? [], {
    sortValue: (g, key) => (key === 'name' ? g.name.toLowerCase() : key === 'members_count' ? g.members_count : null),
  });
  const removal = useMutation({
    mutationFn: (group: UserGroupSummary) => deleteUserGroup(orgId, group.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userGroupKeys.all(orgId) });
      toasts.success(Messages.recordDeleted);
    },
    onError: (error) => {
      for (const message of formErrorsOf(error)) toasts.danger(message);
    },
  });

  const askDelete = async (group: UserGroupSummary): Promise<void> => {
    const answer = await confirm({
      title: 'Delete Group',
      theme: 'danger',
      content: `Delete the group ${group.name}?`,
      subText: 'Its members stay users of the organization, but lose every role the group gives them.',
      actionLabel: 'Delete',
    });
    if (answer) removal.mutate(group);
  };

  const columns: TableColumn<UserGroupSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (g) => (
        <Group gap={6} wrap="nowrap">
          <IconUsersGroup size={16} aria-hidden />
          <Anchor component={Link} to={`/orgs/${orgId}/user_groups/${g.id}`} size="sm">
            {g.name}
          </Anchor>
          {isSystem(g) && (
            <Badge variant="light" color="gray" size="sm">
              System
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      render: (g) => (
        <Text size="sm" lineClamp={2}>
          {g.description ?? ''}
        </Text>
      ),
    },
    { key: 'members_count', header: 'Members', sortable: true, width: 110, render: (g) => g.members_count },
    {
      key: 'actions',
      header: 'Actions',
      width: 110,
      render: (g) =>
        isSystem(g) ? (
          <Text size="xs" c="dimmed">
            Managed by the system
          </Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon
                component={Link}
                to={`/orgs/${orgId}/user_groups/${g.id}/edit`}
                variant="subtle"
                aria-label={`Edit ${g.name}`}
              >
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${g.name}`}
                onClick={() => void askDelete(g)}
                loading={removal.isPending && removal.variables?.id === g.id}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    },
  ];

  return (
    <Page
      actions={
        <Button component={Link} to={`/orgs/${orgId}/user_groups/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          New Group
        </Button>
      }
    >
      <Group role="search" aria-label="Group search">
        <TextInput
          label="Search"
          placeholder="Search by name or description"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
      </Group>
      <SortableTable
        label="Groups"
        columns={columns}
        rows={table.pageRows}
        rowKey={(g) => g.id}
        loading={query.isPending}
        error={query.error}
        sort={table.sort}
        onSort={table.onSort}
        empty={{
          items: 'Groups',
          message: debounced ? 'No group matches this search.' : 'Create a group to give roles to many users at once.',
        }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Groups"
            onPageChange={table.setPage}
          />
        }
      />
    </Page>
  );
}
