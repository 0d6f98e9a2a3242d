import { ActionIcon, Badge, Button, Group, Stack, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SystemMessage } from '../../../../shared/api/system-messages';
import { Messages } from '../../../../shared/domain/messages';
import { confirm } from '../../../components/confirmation-modal';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import type { SortValue } from '../../../components/sort-state';
import { TruncatedText } from '../../../components/truncated-text';
import { useClientTable } from '../../../components/use-client-table';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { formatMessageDateTime } from '../../../lib/format';
import { systemMessageKeys, systemMessagesAdminApi } from '../api/admin-system-messages';
import { SystemMessageForm } from './system-message-form';

const sortValue = (m: SystemMessage, key: string): SortValue =>
  key === 'start_datetime' || key === 'end_datetime'
    ? Date.parse(m[key])
    : (m as unknown as Record<string, SortValue>)[key];

/** Spec §9: searched by message text only. */
const matches = (m: SystemMessage, search: string): boolean =>
  m.message.toLowerCase().includes(search.trim().toLowerCase());

/** The system messages of developer tools: search, sort, page, create, edit and delete. */
export function SystemMessageList() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SystemMessage | null>(null);
  const query = useQuery({ queryKey: systemMessageKeys.all, queryFn: systemMessagesAdminApi.list });
  const rows = useMemo(
    () => (query.data?.system_messages ?? []).filter((m) => matches(m, search)),
    [query.data, search],
  );
  const table = useClientTable(rows, { initialSort: { key: 'start_datetime', dir: 'desc' }, sortValue });
  const remove = useMutation({
    mutationFn: systemMessagesAdminApi.remove,
    onSuccess: async () => {
      toasts.success(Messages.recordDeleted);
      await queryClient.invalidateQueries({ queryKey: systemMessageKeys.all });
    },
    onError: async (error) => {
      if (!(error instanceof ApiError) || error.handled) return;
      for (const message of error.errors) toasts.danger(message);
      await queryClient.invalidateQueries({ queryKey: systemMessageKeys.all });
    },
  });

  const askDelete = async (message: SystemMessage): Promise<void> => {
    const answer = await confirm({
      title: 'Delete system message',
      theme: 'danger',
      content: 'Delete this system message? It stops showing at once.',
      subText: message.message,
      actionLabel: 'Delete',
    });
    if (answer) remove.mutate(message.id);
  };

  const columns: TableColumn<SystemMessage>[] = [
    {
      key: 'message',
      header: 'Message',
      sortable: true,
      render: (m) => <TruncatedText text={m.message} length={80} size="sm" />,
    },
    {
      key: 'location',
      header: 'Location',
      sortable: true,
      width: 130,
      render: (m) => (
        <Badge variant="light" color={m.location === 'Login' ? 'grape' : 'tenet'}>
          {m.location}
        </Badge>
      ),
    },
    {
      key: 'start_datetime',
      header: 'Start',
      sortable: true,
      width: 200,
      render: (m) => formatMessageDateTime(m.start_datetime),
    },
    {
      key: 'end_datetime',
      header: 'End',
      sortable: true,
      width: 200,
      render: (m) => formatMessageDateTime(m.end_datetime),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 100,
      align: 'right',
      render: (m) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit system message ${m.id}`} onClick={() => setEditing(m)}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={`Delete system message ${m.id}`}
              onClick={() => void askDelete(m)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search system messages"
          placeholder="Search messages"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            table.setPage(1);
          }}
          w={{ base: '100%', xs: 320 }}
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            Refresh
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New message
          </Button>
        </Group>
      </Group>
      <SortableTable
        label="System messages"
        columns={columns}
        rows={table.pageRows}
        rowKey={(m) => m.id}
        loading={query.isPending}
        error={query.error}
        sort={table.sort}
        onSort={table.onSort}
        empty={{
          items: 'System Messages',
          message: search ? 'No message matches your search.' : 'No system message has been created yet.',
        }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="System Messages"
            onPageChange={table.setPage}
          />
        }
      />
      <SystemMessageForm key="new" opened={creating} onClose={() => setCreating(false)} />
      {editing ? (
        <SystemMessageForm key={`edit-${editing.id}`} opened editing={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
