import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PnpSummary } from '../../../../shared/api/pnp-documents';
import { Messages } from '../../../../shared/domain/messages';
import { confirm } from '../../../components/confirmation-modal';
import { toasts } from '../../../lib/alerts';
import { deletePnp } from '../api/delete-pnp';
import { restorePnp, retirePnp } from '../api/retire-restore-pnp';
import { ActionDialog } from './action-dialog';
import { RetireImpactPanel } from './retire-impact-panel';
import { showErrors } from './show-errors';
import { usePnpForget, usePnpRefresh } from './use-pnp-refresh';

/** Retire (reason required), Restore, Delete: the P&P-level actions the caller may take. */
export function PnpActions({
  orgId,
  pnp,
  hasDraft,
}: {
  readonly orgId: string;
  readonly pnp: PnpSummary;
  readonly hasDraft: boolean;
}) {
  const navigate = useNavigate();
  const refresh = usePnpRefresh(orgId, pnp.id);
  const forget = usePnpForget(orgId, pnp.id);
  const [retiring, setRetiring] = useState(false);
  const [busy, setBusy] = useState(false);
  const can = (ability: string): boolean => pnp.abilities.includes(ability);

  const retire = async (reason: string): Promise<void> => {
    setBusy(true);
    try {
      await retirePnp(orgId, pnp.id, reason);
      setRetiring(false);
      toasts.success(Messages.recordUpdated);
      await refresh();
    } catch (error) {
      showErrors(error, { update: true });
    } finally {
      setBusy(false);
    }
  };
  const restore = async (): Promise<void> => {
    if (
      !(await confirm({
        title: 'Restore',
        content: `Restore ${pnp.name}? It returns to the library with its last Active version.`,
        actionLabel: 'Restore',
      }))
    )
      return;
    try {
      await restorePnp(orgId, pnp.id);
      toasts.success(Messages.recordUpdated);
      await refresh();
    } catch (error) {
      showErrors(error, { update: true });
    }
  };
  const remove = async (): Promise<void> => {
    const ok = await confirm({
      title: 'Delete',
      content: `Delete ${pnp.name}? It was never published; it and its files are removed.`,
      actionLabel: 'Delete',
      theme: 'danger',
    });
    if (!ok) return;
    try {
      await deletePnp(orgId, pnp.id);
      toasts.success(Messages.recordDeleted, { scope: 'next' });
      // Away from its page first, then drop what was cached about it: nothing asks for it again.
      await navigate(`/orgs/${orgId}/pnp_documents`);
      await forget();
    } catch (error) {
      showErrors(error);
    }
  };

  if (!can('retire') && !can('restore') && !can('delete')) return null;
  return (
    <Group gap="xs">
      {can('retire') && (
        <Button color="red.9" variant="outline" onClick={() => setRetiring(true)}>
          Retire
        </Button>
      )}
      {can('restore') && (
        <Button variant="outline" onClick={() => void restore()}>
          Restore
        </Button>
      )}
      {can('delete') && (
        <Button color="red.9" variant="outline" onClick={() => void remove()}>
          Delete
        </Button>
      )}
      <ActionDialog
        opened={retiring}
        title="Retire"
        message={
          hasDraft
            ? `Retire ${pnp.name}? The draft in progress is cancelled, open tasks and read acknowledgements are cancelled, and it leaves the library.`
            : `Retire ${pnp.name}? Open tasks and read acknowledgements are cancelled, and it leaves the library.`
        }
        actionLabel="Retire"
        colour="red.9"
        comment={{ label: 'Reason', required: true }}
        busy={busy}
        onClose={() => setRetiring(false)}
        onConfirm={(reason) => void retire(reason)}
      >
        {retiring && <RetireImpactPanel orgId={orgId} pnpId={pnp.id} />}
      </ActionDialog>
    </Group>
  );
}
