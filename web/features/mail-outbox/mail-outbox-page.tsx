import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MailOutboxItem } from '../../../shared/api/notifications';
import { DEFAULT_PAGE_SIZE } from '../../../shared/domain/limits';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { formatMessageDateTime } from '../../lib/format';
import { mailOutboxApi, mailOutboxKeys } from './mail-outbox-api';
import { MailOutboxMessageDialog } from './mail-outbox-message-dialog';

const STATUS_COLOURS: Record<string, string> = {
  pending: 'orange.8',
  sending: 'blue.8',
  sent: 'green.8',
  failed: 'red.8',
};
const noSort = (): void => undefined;

/** hstm/developer_tools/mail_outbox: every e-mail the product wrote, newest first; one opens in a dialog. */
export function MailOutboxPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: mailOutboxKeys.page(page, DEFAULT_PAGE_SIZE, debounced),
    queryFn: () => mailOutboxApi.list(page, DEFAULT_PAGE_SIZE, debounced),
    // No placeholder from the previous search or page: its messages would stay on screen as if they
    // were these. The table says it is loading until they come (as on Tasks).
  });
  const pager = usePagerFocus(page, query.isPending);

  const columns: TableColumn<MailOutboxItem>[] = [
    { key: 'to', header: 'To', width: 240 },
    {
      key: 'subject',
      header: 'Subject',
      render: (m) => (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setOpenId(m.id)}>
          {m.subject}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 110,
      render: (m) => (
        <Badge variant="outline" color={STATUS_COLOURS[m.status] ?? 'gray.6'} c="dark.7">
          {m.status}
        </Badge>
      ),
    },
    { key: 'created_at', header: 'Created', width: 200, render: (m) => formatMessageDateTime(m.created_at) },
  ];

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          Every e-mail Tenet has written. Without SMTP configured, messages stay here as pending.
        </Text>
        <TextInput
          label="Search"
          placeholder="Recipient or subject"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void query.refetch()}
        >
          Refresh
        </Button>
      </Group>
      <SortableTable
        label="Mail outbox"
        columns={columns}
        rows={query.data?.mail_outbox ?? []}
        rowKey={(m) => m.id}
        loading={query.isPending}
        error={query.error}
        sort={null}
        onSort={noSort}
        empty={{
          items: 'Messages',
          message: debounced ? 'No message matches this search.' : 'No e-mail has been written yet.',
          hint: false,
        }}
        footer={
          query.data && (
            // The count stops at the pager's reach and moves with the page ('100+' on the first),
            // so Next stays open past it.
            <PaginationFooter
              total={query.data.total}
              page={query.data.page}
              pageSize={query.data.per_page}
              label="Messages"
              capped={query.data.total_capped}
              onPageChange={(next) => {
                pager.remember();
                setPage(next);
              }}
            />
          )
        }
      />
      <MailOutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
