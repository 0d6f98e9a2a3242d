import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PNP_CHANGED_MESSAGE, type ParticipantView } from '../../../../shared/api/pnps';
import { Messages } from '../../../../shared/domain/messages';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { StaleSaveAlert } from '../../../components/stale-save-alert';
import { useClientTable } from '../../../components/use-client-table';
import { toasts } from '../../../lib/alerts';
import { isStaleSave } from '../../../lib/stale-save';
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
  // The version the edit started from: the save replaces every participant, so one made over someone
  // else's newer change (here, in the access editor, or a bulk reassignment) is refused (409) rather
  // than silently undoing it.
  const [openedVersion, setOpenedVersion] = useState(pnp.lock_version);
  const [stale, setStale] = useState(false);
  /** Edit starts from the saved participants; Cancel goes back to them, so nothing chosen outlives it. */
  const startEditing = (open: boolean): void => {
    setInherit(pnp.inherits_access);
    setLists(fromParticipantViews(pnp.assignments.roles));
    setOpenedVersion(pnp.lock_version);
    setStale(false);
    setEditing(open);
  };
  const { busy, submit: save } = useSubmit(
    async () => {
      const participants = inherit ? null : toParticipantInputs(lists);
      try {
        await updatePnp(orgId, pnp.id, { pnp: { participants, lock_version: openedVersion } });
      } catch (error) {
        const isStale = isStaleSave(error, PNP_CHANGED_MESSAGE);
        setStale(isStale);
        // The editor keeps what was chosen; the notice in it offers to reload.
        if (isStale) return;
        throw error;
      }
      toasts.success(Messages.recordUpdated);
      setEditing(false);
      await refresh();
    },
    { update: true },
  );
  /** Shows the participants as they are now, someone else's change included: the user edits again from there. */
  const reload = async (): Promise<void> => {
    setEditing(false);
    setStale(false);
    await refresh();
  };
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
            {stale && (
              <StaleSaveAlert
                title="The assignments were not saved"
                message={PNP_CHANGED_MESSAGE}
                onReload={() => void reload()}
              />
            )}
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
