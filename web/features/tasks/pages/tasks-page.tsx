import { Anchor, Badge, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  TASK_ACTION_LABELS,
  TASK_DUE_FILTERS,
  TASK_KINDS,
  type Task,
  type TaskAction,
  type TaskActionResult,
  type TaskDueFilter,
} from '../../../../shared/api/tasks';
import { TASK_KIND_LABELS, TaskKind } from '../../../../shared/domain/statuses';
import { Messages } from '../../../../shared/domain/messages';
import { Page } from '../../../components/page';
import { PaginationFooter } from '../../../components/pagination-footer';
import { usePagerFocus } from '../../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { useUrlParams } from '../../../lib/url-params';
import { readingPath } from '../../library/components/pnp-link';
import { documentPath } from '../../pnps/components/workflow-actions';
import { listTasks, taskKeys, type TaskFilters } from '../api/tasks-api';
import { AwaySection } from '../components/away-section';
import { TaskActionDialog } from '../components/task-action-dialog';

const PAGE_SIZE = 10;

const STATUS_OPTIONS = [
  { value: '1', label: 'Open' },
  { value: '2', label: 'Completed' },
  { value: '3', label: 'Closed' },
  { value: 'all', label: 'All' },
];
const DUE_LABELS: Record<TaskDueFilter, string> = { any: 'Any', overdue: 'Overdue', within: 'Due within' };
const KIND_OPTIONS = [
  { value: '', label: 'All' },
  ...TASK_KINDS.map((k) => ({ value: k, label: TASK_KIND_LABELS[k] })),
];

function filtersOf(params: URLSearchParams): TaskFilters {
  const kind = params.get('kind');
  const status = params.get('status') ?? '1';
  const due = params.get('due') as TaskDueFilter | null;
  const days = Number(params.get('days') ?? '7');
  const page = Number(params.get('page') ?? '1');
  return {
    kind: kind && (TASK_KINDS as readonly string[]).includes(kind) ? kind : null,
    status: STATUS_OPTIONS.some((o) => o.value === status) ? status : '1',
    due: due && TASK_DUE_FILTERS.includes(due) ? due : 'any',
    days: Number.isInteger(days) && days >= 0 && days <= 3650 ? days : 7,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: PAGE_SIZE,
  };
}

const isOverdue = (task: Task, today: string): boolean => task.status === 1 && !!task.due_dt && task.due_dt < today;

/** orgs/{orgId}/tasks: what waits for the user, each task's action in place (spec §2, §4 'Tasks'). */
export function TasksPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, changeParams] = useUrlParams();
  const filters = filtersOf(params);
  const [acting, setActing] = useState<{ task: Task; action: TaskAction } | null>(null);
  const today = new Date().toISOString().slice(0, 10);
  const [daysText, setDaysText] = useState<string | number>(filters.days);
  useEffect(() => setDaysText(filters.days), [filters.days]);

  const query = useQuery({
    queryKey: taskKeys.list(orgId, filters),
    queryFn: ({ signal }) => listTasks(orgId, filters, signal),
    // No placeholder from the previous filter or page: its rows would stay on screen as if they
    // were this filter's. The table says it is loading until this filter's tasks come.
  });
  // The pager goes away with the rows while another page loads: the keyboard goes back to it after.
  const pager = usePagerFocus(filters.page, query.isPending);

  const setFilter = (key: string, value: string | null): void =>
    changeParams((next) => {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
      if (key !== 'page') next.delete('page');
    });

  const done = async (result: TaskActionResult): Promise<void> => {
    const action = acting?.action;
    setActing(null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['pnps', orgId] }),
    ]);
    if (result.next && (action === 'SendToAuthors' || action === 'StartReview')) {
      toasts.success(Messages.recordUpdated, { scope: 'next' });
      await navigate(documentPath(orgId, result.next.pnp_id, result.next.pnp_document_id));
      return;
    }
    toasts.success(Messages.recordUpdated);
  };

  // A page past the last (its tasks were just done, or a link kept an old page number) shows the
  // last page that has tasks instead of an empty table under 'Showing 1 - 10 of 10'.
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.per_page)) : null;
  const pastTheEnd = query.data !== undefined && query.data.tasks.length === 0 && filters.page > 1;
  useEffect(() => {
    if (pastTheEnd && lastPage !== null && lastPage < filters.page) {
      changeParams((next) => {
        if (lastPage <= 1) next.delete('page');
        else next.set('page', String(lastPage));
      });
    }
  }, [pastTheEnd, lastPage, filters.page, changeParams]);

  const columns: TableColumn<Task>[] = [
    {
      key: 'kind',
      header: 'Task',
      render: (t) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={600}>
            {t.kind_label}
          </Text>
          {t.for_user_name && (
            <Badge variant="light" color="grape" size="sm" tt="none">
              For {t.for_user_name}
            </Badge>
          )}
          {t.owner_stand_in && t.status === 1 && (
            // Why an Owner's open Review or Approve task offers Send to Authors rather than a sign-off
            // (a closed one's people may have come back since).
            <Badge variant="light" color="orange" size="sm" tt="none">
              {t.kind === TaskKind.Review ? 'Reviewers have left' : 'Approvers have left'}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'pnp_name',
      header: 'P&P',
      render: (t) =>
        t.pnp_document_id ? (
          <Stack gap={0}>
            <Anchor component={Link} to={documentPath(orgId, t.pnp_id, t.pnp_document_id)} size="sm">
              {t.pnp_name}
            </Anchor>
            {t.read_ack_name && (
              <Text size="xs" c="dimmed">
                {t.read_ack_name}
              </Text>
            )}
          </Stack>
        ) : (
          t.pnp_name
        ),
    },
    { key: 'version_number', header: 'Version', width: 80, render: (t) => t.version_number ?? '' },
    { key: 'stage_label', header: 'Stage', render: (t) => t.stage_label ?? '' },
    {
      key: 'due_dt',
      header: 'Due Date',
      width: 130,
      render: (t) =>
        t.due_dt ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{formatDisplayDate(t.due_dt)}</Text>
            {isOverdue(t, today) && (
              <Badge color="red" variant="light" size="sm">
                Overdue
              </Badge>
            )}
          </Group>
        ) : (
          ''
        ),
    },
    { key: 'created_at', header: 'Created', width: 130, render: (t) => formatDisplayDate(t.created_at) },
    ...(filters.status === '1'
      ? []
      : [{ key: 'status_label', header: 'Status', width: 110, render: (t: Task) => t.status_label }]),
    {
      key: 'actions',
      header: 'Actions',
      render: (t) => (
        <Group gap="xs" wrap="nowrap">
          {t.kind === TaskKind.Acknowledge && t.status === 1 && t.pnp_document_id && (
            <Button
              component={Link}
              // The library's reading page is where a P&P is acknowledged (and where opening it
              // counts as read): a reviewer or owner sent to the P&P's management screen found no
              // Acknowledge there.
              to={readingPath(orgId, t.pnp_id, t.pnp_document_id)}
              size="xs"
              variant="light"
              aria-label={`Open Document: ${t.pnp_name}`}
            >
              Open Document
            </Button>
          )}
          {t.actions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'Decline' ? 'default' : 'filled'}
              aria-label={`${TASK_ACTION_LABELS[action]}: ${t.pnp_name}`}
              onClick={() => setActing({ task: t, action })}
            >
              {TASK_ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      ),
    },
  ];

  const data = query.data;
  return (
    <Page subtitle="What is waiting for you: authoring, reviews, approvals, publishing, acknowledgements and review reminders.">
      <AwaySection orgId={orgId} />
      <Group gap="md" align="flex-end" mb="md" role="search" aria-label="Task filters">
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          value={filters.kind ?? ''}
          onChange={(v) => setFilter('kind', v)}
          allowDeselect={false}
          w={210}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(v) => setFilter('status', v === '1' ? null : v)}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Due"
          data={TASK_DUE_FILTERS.map((d) => ({ value: d, label: DUE_LABELS[d] }))}
          value={filters.due}
          onChange={(v) => setFilter('due', v === 'any' ? null : v)}
          allowDeselect={false}
          w={150}
        />
        {filters.due === 'within' && (
          <NumberInput
            label="Days"
            min={0}
            max={3650}
            // What is typed is what filters: past the limit the number stops at it (a larger one
            // went into the address while the list silently used 7 days, and an emptied box
            // jumped back to 7 under the cursor).
            allowNegative={false}
            allowDecimal={false}
            value={daysText}
            onChange={(v) => {
              const days = typeof v === 'number' ? Math.min(Math.max(v, 0), 3650) : v;
              // An emptied box stays empty while a new number is typed; the list keeps the last one.
              setDaysText(days);
              if (typeof days === 'number') setFilter('days', String(days));
            }}
            w={100}
          />
        )}
      </Group>
      <SortableTable
        label="Tasks"
        columns={columns}
        rows={data?.tasks ?? []}
        rowKey={(t) => t.id}
        loading={query.isPending}
        error={query.error}
        sort={null}
        onSort={() => undefined}
        empty={{
          items: 'Tasks',
          message:
            filters.status === '1' && !filters.kind && filters.due === 'any'
              ? 'Nothing is waiting for you.'
              : 'No tasks match these filters.',
        }}
        footer={
          data && (
            <PaginationFooter
              total={data.total}
              page={data.page}
              pageSize={data.per_page}
              label="Tasks"
              capped={data.total_capped}
              onPageChange={(page) => {
                pager.remember();
                setFilter('page', String(page));
              }}
            />
          )
        }
      />
      {acting && (
        <TaskActionDialog
          orgId={orgId}
          task={acting.task}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(result) => void done(result)}
        />
      )}
    </Page>
  );
}
