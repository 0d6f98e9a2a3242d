import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  READ_ACK_READERS_PAGE_SIZE,
  READER_SORT_KEYS,
  type ReadAcknowledgement,
  type ReaderSortKey,
} from '../../../../shared/api/read-acks';
import { DEFAULT_PAGE } from '../../../../shared/domain/limits';
import { Messages } from '../../../../shared/domain/messages';
import { ReadAckStatus } from '../../../../shared/domain/statuses';
import { confirm } from '../../../components/confirmation-modal';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { PaginationFooter } from '../../../components/pagination-footer';
import { toggleSort, type SortState, type SortValue } from '../../../components/sort-state';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/format';
import { endReadAck, listReadAckReaders, listReadAcks, readAckKeys } from '../api/read-acks-api';
import { showErrors } from '../../../lib/show-errors';

const STATUS_COLOUR: Record<number, string> = { 1: 'green', 2: 'gray', 3: 'red' };
const TAB_WORD: Record<number, string> = { 1: 'Active', 2: 'Closed', 3: 'Cancelled' };
/** The server's sentence when a read acknowledgement is asked for a P&P that is not published. */
export const NOT_PUBLISHED = 'Read acknowledgements can be asked only for a published P&P.';

/** A person's name with their e-mail beside it: two people may have the same name. */
function PersonName({ name, email }: { readonly name: string; readonly email: string }) {
  return (
    <Text size="sm" span>
      {name}
      <Text size="xs" c="dimmed" span>{` (${email})`}</Text>
    </Text>
  );
}

type Reader = ReadAcknowledgement['readers'][number];
type MemberNotAsked = ReadAcknowledgement['members_not_asked'][number];

const isReaderSortKey = (key: string): key is ReaderSortKey => (READER_SORT_KEYS as readonly string[]).includes(key);

const memberSortValue = (m: MemberNotAsked, key: string): SortValue =>
  key === 'name' ? m.name : key === 'group' ? m.group_name : null;

/**
 * Members of its groups who are not readers (ADR 0026), while it is Active: those who cannot see
 * the P&P are not asked; those who can see it now are asked when it is saved again.
 */
function MembersNotAsked({ ack }: { readonly ack: ReadAcknowledgement }) {
  const table = useClientTable(ack.members_not_asked, { sortValue: memberSortValue });
  if (ack.members_not_asked.length === 0) return null;
  const columns: TableColumn<MemberNotAsked>[] = [
    { key: 'name', header: 'Member', sortable: true, render: (m) => <PersonName name={m.name} email={m.email} /> },
    { key: 'group', header: 'Group', sortable: true, render: (m) => m.group_name },
    {
      key: 'why',
      header: 'Why',
      render: (m) =>
        m.can_see
          ? 'Can see this P&P now: edit and save the read acknowledgement to ask them.'
          : 'Cannot see this P&P: give them a role on it, then edit and save to ask them.',
    },
  ];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {`Group members not asked (${ack.members_not_asked.length})`}
      </Text>
      <SortableTable
        label={`Group members not asked to read ${ack.name}`}
        columns={columns}
        rows={table.pageRows}
        rowKey={(m) => m.user_id}
        sort={table.sort}
        onSort={table.onSort}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Members"
            navLabel={`Pages of the group members not asked to read ${ack.name}`}
            onPageChange={table.setPage}
          />
        }
      />
    </Stack>
  );
}

/**
 * The readers with their completion, in the order of their names at first. The card brings the
 * first page; the server sends the others and sorts them (one asked of a group of hundreds).
 */
function ReadersTable({ ack, orgId }: { readonly ack: ReadAcknowledgement; readonly orgId: string }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(DEFAULT_PAGE);
  const serverSort = sort && isReaderSortKey(sort.key) ? { sort: sort.key, dir: sort.dir } : {};
  const readersQuery = { page, per_page: READ_ACK_READERS_PAGE_SIZE, ...serverSort };
  const cardHasThem = page === DEFAULT_PAGE && sort === null;
  const query = useQuery({
    queryKey: readAckKeys.readers(orgId, ack.pnp_id, ack.id, readersQuery),
    queryFn: () => listReadAckReaders(orgId, ack.pnp_id, ack.id, readersQuery),
    enabled: !cardHasThem,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const shown = cardHasThem
    ? { readers: ack.readers, total: ack.readers_total, page: DEFAULT_PAGE }
    : (query.data ?? { readers: [], total: ack.readers_total, page });
  const columns: TableColumn<Reader>[] = [
    { key: 'name', header: 'Reader', sortable: true, render: (r) => <PersonName name={r.name} email={r.email} /> },
    { key: 'group', header: 'Group', sortable: true, render: (r) => r.via_group_name ?? '—' },
    {
      key: 'completion',
      header: 'Completion',
      sortable: true,
      render: (r) => (
        <Group gap={4}>
          <Badge color={r.completion === 1 ? 'green' : 'orange'} variant="light">
            {r.completion === 1 ? 'Complete' : 'Incomplete'}
          </Badge>
          {r.cannot_see && (
            <Badge color="red" variant="light">
              Cannot see this P&amp;P
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'acknowledged',
      header: 'Acknowledged',
      sortable: true,
      render: (r) => (r.acknowledged_at ? formatDisplayDate(r.acknowledged_at) : '—'),
    },
    {
      key: 'version',
      header: 'Version',
      sortable: true,
      render: (r) => (r.acknowledged_version_number === null ? '—' : `Version ${r.acknowledged_version_number}`),
    },
  ];
  return (
    <Stack gap={4}>
      {query.error && (
        <Text role="alert" c="red" size="sm">
          {query.error instanceof ApiError && query.error.errors[0]
            ? query.error.errors[0]
            : 'The readers could not be loaded.'}
        </Text>
      )}
      <SortableTable
        label={`Readers of ${ack.name}`}
        columns={columns}
        rows={shown.readers}
        rowKey={(r) => r.user_id}
        loading={!cardHasThem && query.isPending}
        sort={sort}
        onSort={(key) => {
          setSort((current) => toggleSort(current, key));
          setPage(DEFAULT_PAGE);
        }}
        empty={{ items: 'Readers', message: 'Everyone asked left before acknowledging it.', hint: false }}
        footer={
          <PaginationFooter
            total={shown.total}
            page={shown.page}
            pageSize={READ_ACK_READERS_PAGE_SIZE}
            label="Readers"
            navLabel={`Pages of the readers of ${ack.name}`}
            onPageChange={setPage}
          />
        }
      />
    </Stack>
  );
}

function ReadAckCard({
  ack,
  orgId,
  documentBase,
  onEnded,
}: {
  readonly ack: ReadAcknowledgement;
  readonly orgId: string;
  readonly documentBase: string;
  readonly onEnded: () => void;
}) {
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<'cancel' | 'close' | null>(null);
  const end = async (how: 'cancel' | 'close'): Promise<void> => {
    const ok = await confirm(
      how === 'cancel'
        ? {
            title: 'Cancel Read Acknowledgement',
            content: `Cancel '${ack.name}'? Readers who have not acknowledged yet lose their Acknowledge task.`,
            actionLabel: 'Cancel Read Acknowledgement',
            cancelLabel: 'Keep It',
            theme: 'danger',
          }
        : {
            title: 'Close Read Acknowledgement',
            content: `Close '${ack.name}' now? Readers who have not acknowledged yet lose their Acknowledge task.`,
            actionLabel: 'Close Read Acknowledgement',
            cancelLabel: 'Keep It Open',
            theme: 'warning',
          },
    );
    if (!ok) return;
    setEnding(how);
    let ended = false;
    try {
      await endReadAck(orgId, ack.pnp_id, ack.id, how);
      ended = true;
    } catch (error) {
      showErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey: readAckKeys.all(orgId, ack.pnp_id) });
    setEnding(null);
    if (ended) {
      toasts.success(Messages.recordUpdated);
      // The card has left the Active list with the button that was pressed.
      onEnded();
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={ack.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {ack.name}
              </Title>
              <Badge color={STATUS_COLOUR[ack.status] ?? 'gray'} variant="light">
                {ack.status_label}
              </Badge>
            </Group>
            {ack.description && <Text size="sm">{ack.description}</Text>}
            <Text size="sm" c="dimmed">
              {`Due ${formatDisplayDate(ack.due_date)} · ${
                ack.version_number === null ? 'Version' : `Version ${ack.version_number}`
              } · Created ${formatDisplayDate(ack.created_at)}${ack.created_by_name ? ` by ${ack.created_by_name}` : ''}${
                ack.closed_at ? ` · Closed ${formatDisplayDate(ack.closed_at)}` : ''
              }`}
            </Text>
            <Text size="sm" fw={600} data-testid="readack-completion">
              {`${ack.readers_completed} of ${ack.readers_total} readers acknowledged`}
            </Text>
          </Stack>
          {/* Each card has the same three words: the name says whose they are (the words seen come first). */}
          <Group gap="xs">
            {ack.abilities.includes('edit') && (
              <Button
                component={Link}
                to={`${documentBase}/readack_edit/${ack.id}`}
                variant="default"
                size="xs"
                aria-label={`Edit ${ack.name}`}
              >
                Edit
              </Button>
            )}
            {ack.abilities.includes('close') && (
              <Button
                variant="default"
                size="xs"
                loading={ending === 'close'}
                disabled={ending !== null && ending !== 'close'}
                onClick={() => void end('close')}
                aria-label={`Close ${ack.name}`}
              >
                Close
              </Button>
            )}
            {ack.abilities.includes('cancel') && (
              <Button
                color="red"
                variant="light"
                size="xs"
                loading={ending === 'cancel'}
                disabled={ending !== null && ending !== 'cancel'}
                onClick={() => void end('cancel')}
                aria-label={`Cancel ${ack.name}`}
              >
                Cancel
              </Button>
            )}
          </Group>
        </Group>
        <ReadersTable ack={ack} orgId={orgId} />
        <MembersNotAsked ack={ack} />
      </Stack>
    </Paper>
  );
}

const NONE: readonly ReadAcknowledgement[] = [];

/** One tab of the document's read acknowledgements: Active, Closed or Cancelled, each with its readers. */
export function ReadAckList({
  orgId,
  pnpId,
  status,
  documentBase,
  onEnded,
}: {
  readonly orgId: string;
  readonly pnpId: number;
  readonly status: 1 | 2 | 3;
  readonly documentBase: string;
  /** After a read acknowledgement was closed or cancelled (its card is gone). */
  readonly onEnded: () => void;
}) {
  const query = useQuery({
    queryKey: readAckKeys.list(orgId, pnpId, status),
    queryFn: () => listReadAcks(orgId, pnpId, status),
    retry: false,
  });
  // Closed ones gather year after year: ten cards a page, newest first as the server sends them.
  const cards = useClientTable(query.data?.read_acknowledgements ?? NONE);
  if (query.error) {
    const message =
      query.error instanceof ApiError && query.error.errors[0]
        ? query.error.errors[0]
        : 'The list could not be loaded.';
    return (
      <Text role="alert" c="red">
        {message}
      </Text>
    );
  }
  if (!query.data) return <LoadingIndicator />;
  const { read_acknowledgements: acks, can_create } = query.data;
  return (
    <Stack gap="sm">
      {status === ReadAckStatus.Active && can_create && (
        <Group justify="flex-end">
          <Anchor component={Link} to={`${documentBase}/readack_new`} fw={600}>
            New Read Acknowledgement
          </Anchor>
        </Group>
      )}
      {acks.length === 0 ? (
        <Paper withBorder radius="md">
          <NoRecordsPanel
            items="Read Acknowledgements"
            message={
              status !== ReadAckStatus.Active
                ? `${TAB_WORD[status]} read acknowledgements of this P&P are listed here.`
                : can_create
                  ? 'Ask readers to acknowledge the Active version with a new read acknowledgement.'
                  : NOT_PUBLISHED
            }
            hint={false}
          />
        </Paper>
      ) : (
        <>
          {cards.pageRows.map((ack) => (
            <ReadAckCard key={ack.id} ack={ack} orgId={orgId} documentBase={documentBase} onEnded={onEnded} />
          ))}
          <PaginationFooter
            total={cards.total}
            page={cards.page}
            pageSize={cards.pageSize}
            label="Read Acknowledgements"
            onPageChange={cards.setPage}
          />
        </>
      )}
    </Stack>
  );
}
