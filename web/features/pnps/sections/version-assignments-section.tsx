import { Stack, Text, Title } from '@mantine/core';
import type { Signoff } from '../../../../shared/api/pnp-documents';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { formatDisplayDate } from '../../../lib/format';
import { useDocumentContext } from '../components/document-context';
import { SubNav } from '../components/sub-nav';

interface Row extends Signoff {
  readonly key: string;
  readonly role: string;
}

const DECISION: Record<Signoff['decision'], { label: string; colour: string }> = {
  pending: { label: 'Pending', colour: 'gray.8' },
  accepted: { label: 'Accepted', colour: 'green.9' },
  approved: { label: 'Approved', colour: 'green.9' },
};

const columnsFor = (draft: boolean): TableColumn<Row>[] => [
  { key: 'role', header: 'Role', sortable: true },
  { key: 'name', header: 'Name', sortable: true },
  {
    key: 'decision',
    header: 'Decision',
    sortable: true,
    // A published version's decisions are shown as recorded; nobody waits on it any more.
    render: (r) =>
      !draft && r.decision === 'pending' ? (
        'Not recorded'
      ) : (
        <Text size="sm" fw={600} c={DECISION[r.decision].colour}>
          {DECISION[r.decision].label}
        </Text>
      ),
  },
  { key: 'at', header: 'Date', sortable: true, render: (r) => formatDisplayDate(r.at) },
  { key: 'comment', header: 'Comment', render: (r) => r.comment ?? '' },
];

/** version_info/assignments: who reviews and approves this version, step by step, and what they decided. */
export function VersionAssignmentsSection() {
  const { document } = useDocumentContext();
  const rows: Row[] = [
    ...document.reviewers.map((r) => ({ ...r, key: `r${r.user_id}`, role: 'Reviewer' })),
    ...document.approval_steps.flatMap((s) =>
      s.approvers.map((a) => ({ ...a, key: `a${s.step}-${a.user_id}`, role: `Approver (Step ${s.step})` })),
    ),
  ];
  const table = useClientTable(rows);
  return (
    <Stack gap="sm">
      <SubNav group="version_info" label="Version info" />
      <Title order={2} size="h4">
        Version Assignments
      </Title>
      <Text size="sm" c="dimmed">
        The reviewers and the approvers of each step of this version, and their decisions.
      </Text>
      <SortableTable
        label="Version Assignments"
        columns={columnsFor(document.status === 1)}
        rows={table.pageRows}
        rowKey={(r) => r.key}
        sort={table.sort}
        onSort={table.onSort}
        empty={{
          items: 'Assignments',
          message: 'Nobody reviews or approves this P&P: its drafts go from Authoring straight to Publishing.',
          hint: false,
        }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Assignments"
            onPageChange={table.setPage}
          />
        }
      />
    </Stack>
  );
}
