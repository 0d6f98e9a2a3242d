import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { UserGroupMember } from '../../../../shared/api/user-groups';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { getUserGroup, userGroupKeys } from '../api/user-groups-api';
import { errorsOf } from '../components/errors-of';

const STATUS_LABELS: Record<number, string> = { 1: 'Active', 2: 'Inactive' };

/** orgs/{orgId}/user_groups/{groupId}/group_users: the group and the users who belong to it (spec §2). */
export function GroupUsersPanel() {
  const { orgId = '', groupId = '' } = useParams();
  const query = useQuery({ queryKey: userGroupKeys.one(orgId, groupId), queryFn: () => getUserGroup(orgId, groupId) });
  const group = query.data?.user_group;
  const table = useClientTable(group?.members ?? [], {
    initialSort: { key: 'name', dir: 'asc' },
    sortValue: (m, key) => (key === 'name' ? m.name.toLowerCase() : key === 'email' ? m.email.toLowerCase() : null),
  });
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  }
  const columns: TableColumn<UserGroupMember>[] = [
    { key: 'name', header: 'Name', sortable: true, render: (m) => m.name },
    { key: 'email', header: 'Email', sortable: true, render: (m) => m.email },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      render: (m) => (
        <Badge variant="light" color={m.status === 1 ? 'green' : 'gray'} size="sm">
          {STATUS_LABELS[m.status] ?? String(m.status)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md">
      {group && (
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h3">
                {group.name}
              </Title>
              {group.created_by_source === 'System' && (
                <Badge variant="light" color="gray">
                  System
                </Badge>
              )}
            </Group>
            {group.description && (
              <Text size="sm" c="dimmed">
                {group.description}
              </Text>
            )}
          </Stack>
          {group.created_by_source !== 'System' && (
            <Button
              component={Link}
              to={`/orgs/${orgId}/user_groups/${groupId}/edit`}
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
            >
              Edit Group
            </Button>
          )}
        </Group>
      )}
      <SortableTable
        label="Group Users"
        columns={columns}
        rows={table.pageRows}
        rowKey={(m) => m.id}
        loading={query.isPending}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: 'Users', message: 'This group has no members yet.' }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Users"
            onPageChange={table.setPage}
          />
        }
      />
    </Stack>
  );
}
