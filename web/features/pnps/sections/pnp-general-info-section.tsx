import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PNP_CHANGED_MESSAGE } from '../../../../shared/api/pnps';
import { Messages } from '../../../../shared/domain/messages';
import { StaleSaveAlert } from '../../../components/stale-save-alert';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import { isStaleSave } from '../../../lib/stale-save';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { updatePnp } from '../api/update-pnp';
import { useDocumentContext } from '../components/document-context';
import { Fact } from '../components/fact';
import { useFormGuard } from '../components/form-guard';
import { DescriptionInput, NameInput } from '../components/name-input';
import { useSubmit } from '../components/use-submit';
import { PnpStatusBadge } from '../components/status-badges';
import { usePnpRefresh } from '../components/use-pnp-refresh';
import { SubNav } from '../components/sub-nav';

/** pnp_info/general_info: name, location, description, status and dates of the P&P. */
export function PnpGeneralInfoSection() {
  const { orgId, pnp } = useDocumentContext();
  const refresh = usePnpRefresh(orgId, pnp.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(pnp.name);
  const [description, setDescription] = useState(pnp.description ?? '');
  // The version the edit started from: a save over someone else's newer change is refused (409).
  const [openedVersion, setOpenedVersion] = useState(pnp.lock_version);
  const [stale, setStale] = useState(false);
  const [tried, setTried] = useState(false);
  const form = useFormGuard();
  const dirty = editing && (name !== pnp.name || description !== (pnp.description ?? ''));
  useUnsavedChangesGuard(dirty);
  /** Edit starts from the saved values; Cancel goes back to them, so nothing typed outlives it. */
  const startEditing = (open: boolean): void => {
    setName(pnp.name);
    setDescription(pnp.description ?? '');
    setOpenedVersion(pnp.lock_version);
    setTried(false);
    setStale(false);
    setEditing(open);
  };
  const { busy, submit: save } = useSubmit(
    async () => {
      const body = { name, description: description.trim() === '' ? null : description, lock_version: openedVersion };
      try {
        await updatePnp(orgId, pnp.id, { pnp: body });
      } catch (error) {
        const isStale = isStaleSave(error, PNP_CHANGED_MESSAGE);
        setStale(isStale);
        // The form keeps what was typed; the notice in it offers to reload.
        if (isStale) return;
        throw error;
      }
      toasts.success(Messages.recordUpdated);
      setEditing(false);
      await refresh();
    },
    { update: true },
  );
  /** Shows the P&P as it is now, someone else's change included: the user edits again from there. */
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
          P&P General Info
        </Title>
        {pnp.abilities.includes('edit_settings') && !editing && (
          <Button variant="default" onClick={() => startEditing(true)}>
            Edit
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        {editing ? (
          <Stack gap="sm" ref={form.ref}>
            {stale && (
              <StaleSaveAlert
                title="The P&P was not saved"
                message={PNP_CHANGED_MESSAGE}
                onReload={() => void reload()}
              />
            )}
            <NameInput value={name} onChange={setName} showRequired={tried} />
            <DescriptionInput value={description} onChange={setDescription} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => startEditing(false)}>
                Cancel
              </Button>
              <Button
                loading={busy}
                onClick={() => {
                  setTried(true);
                  if (!form.blocked()) void save();
                }}
              >
                Save
              </Button>
            </Group>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <Fact label="Name" value={pnp.name} />
            <Fact label="Location" value={pnp.location} />
            <Fact label="Status" value={<PnpStatusBadge status={pnp.status} />} />
            <Fact label="Description" value={pnp.description} />
            <Fact label="Effective Date" value={formatDisplayDate(pnp.effective_dt)} />
            <Fact label="Review Date" value={formatDisplayDate(pnp.review_dt)} />
            <Fact label="Reminder Date" value={formatDisplayDate(pnp.reminder_dt)} />
            <Fact label="Created" value={formatDisplayDate(pnp.created_at)} />
            {pnp.retire_reason && (
              <Fact label="Retire Reason" value={`${pnp.retire_reason} (${formatDisplayDate(pnp.retired_at)})`} />
            )}
          </SimpleGrid>
        )}
      </Paper>
    </Stack>
  );
}
