import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ParticipantView } from '../../../../shared/api/pnps';
import { Messages } from '../../../../shared/domain/messages';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { toasts } from '../../../lib/alerts';
import { updatePnp } from '../api/update-pnp';
import { useDocumentContext } from '../components/document-context';
import {
  ParticipantsEditor,
  fromParticipantViews,
  toParticipantInputs,
  type ParticipantLists,
} from '../components/participants-editor';
import { useSubmit } from '../components/use-submit';
import { usePnpRefresh } from '../components/use-pnp-refresh';
import { SubNav } from '../components/sub-nav';

const columns: TableColumn<ParticipantView>[] = [
  {
    key: 'role_name',
    header: 'Role',
    sortable: true,
    render: (p) => (p.approval_step ? `${p.role_name} (Step ${p.approval_step})` : p.role_name),
  },
  { key: 'name', header: 'Name', sortable: true },
  { key: 'type', header: 'Type', sortable: true },
  {
    key: 'source_name',
    header: 'Assigned On',
    sortable: true,
    render: (p) => (p.inherited ? `${p.source_name} (inherited)` : 'This P&P'),
  },
];

/** pnp_info/assignments: owners, authors, reviewers, approvers by step and audience of the P&P. */
export function PnpAssignmentsSection() {
  const { orgId, pnp } = useDocumentContext();
  const refresh = usePnpRefresh(orgId, pnp.id);
  const table = useClientTable(pnp.assignments.roles, { initialSort: { key: 'role_name', dir: 'asc' } });
  const [editing, setEditing] = useState(false);
  const [inherit, setInherit] = useState(pnp.inherits_access);
  const [lists, setLists] = useState<ParticipantLists>(() => fromParticipantViews(pnp.assignments.roles));
  /** Edit starts from the saved participants; Cancel goes back to them, so nothing chosen outlives it. */
  const startEditing = (open: boolean): void => {
    setInherit(pnp.inherits_access);
    setLists(fromParticipantViews(pnp.assignments.roles));
    setEditing(open);
  };
  const { busy, submit: save } = useSubmit(
    async () => {
      await updatePnp(orgId, pnp.id, { pnp: { participants: inherit ? null : toParticipantInputs(lists) } });
      toasts.success(Messages.recordUpdated);
      setEditing(false);
      await refresh();
    },
    { update: true },
  );
  return (
    <Stack gap="sm">
      <SubNav group="pnp_info" label="P&P info" />
      <Group justify="space-between">
        <Title order={2} size="h4">
          P&P Assignments
        </Title>
        {pnp.abilities.includes('edit_settings') && !editing && (
          <Button variant="default" onClick={() => startEditing(true)}>
            Edit Assignments
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {pnp.inherits_access
          ? 'This P&P inherits the participants of its binder or folder.'
          : 'This P&P has its own participants.'}
      </Text>
      {editing && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Checkbox
              label="Inherit the participants of the binder or folder"
              checked={inherit}
              onChange={(e) => setInherit(e.currentTarget.checked)}
            />
            {!inherit && <ParticipantsEditor orgId={orgId} value={lists} onChange={setLists} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => startEditing(false)}>
                Cancel
              </Button>
              <Button loading={busy} onClick={() => void save()}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <SortableTable
        label="P&P Assignments"
        columns={columns}
        rows={table.pageRows}
        rowKey={(p) => `${p.role}-${p.approval_step ?? 0}-${p.type}-${p.user_id ?? p.group_id ?? 0}`}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: 'Assignments', hint: false }}
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
