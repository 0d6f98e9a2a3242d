import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PnpSummary } from '../../../../shared/api/pnp-documents';
import { Messages } from '../../../../shared/domain/messages';
import { toasts } from '../../../lib/alerts';
import { deletePnp } from '../api/delete-pnp';
import { restorePnp, retirePnp } from '../api/retire-restore-pnp';
import { ActionDialog } from './action-dialog';
import { RetireImpactPanel } from './retire-impact-panel';
import { showErrors } from '../../../lib/show-errors';
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
  const [dialog, setDialog] = useState<'retire' | 'restore' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const can = (ability: string): boolean => pnp.abilities.includes(ability);

  /** Runs an action while its dialog stays open and busy; a refusal leaves it open. */
  const perform = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showErrors(error, { update: true });
    } finally {
      setBusy(false);
    }
  };
  const retire = async (reason: string): Promise<void> => {
    await retirePnp(orgId, pnp.id, reason);
    setDialog(null);
    toasts.success(Messages.recordUpdated);
    await refresh();
  };
  const restore = async (): Promise<void> => {
    await restorePnp(orgId, pnp.id);
    setDialog(null);
    toasts.success(Messages.recordUpdated);
    await refresh();
  };
  const remove = async (): Promise<void> => {
    await deletePnp(orgId, pnp.id);
    setDialog(null);
    toasts.success(Messages.recordDeleted, { scope: 'next' });
    // Nothing asks for it again: its queries are stopped now and dropped once its page is gone.
    await forget();
    await navigate(`/orgs/${orgId}/pnp_documents`);
  };

  if (!can('retire') && !can('restore') && !can('delete')) return null;
  return (
    <Group gap="xs">
      {can('retire') && (
        <Button color="red.9" variant="outline" onClick={() => setDialog('retire')}>
          Retire
        </Button>
      )}
      {can('restore') && (
        <Button variant="outline" onClick={() => setDialog('restore')}>
          Restore
        </Button>
      )}
      {can('delete') && (
        <Button color="red.9" variant="outline" onClick={() => setDialog('delete')}>
          Delete
        </Button>
      )}
      <ActionDialog
        opened={dialog === 'retire'}
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
        onClose={() => setDialog(null)}
        onConfirm={(reason) => void perform(() => retire(reason))}
      >
        {dialog === 'retire' && <RetireImpactPanel orgId={orgId} pnpId={pnp.id} />}
      </ActionDialog>
      <ActionDialog
        opened={dialog === 'restore'}
        title="Restore"
        message={`Restore ${pnp.name}? It returns to the library with its last Active version.`}
        actionLabel="Restore"
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() => void perform(restore)}
      />
      <ActionDialog
        opened={dialog === 'delete'}
        title="Delete"
        message={`Delete ${pnp.name}? It was never published; it and its files are removed.`}
        actionLabel="Delete"
        colour="red.9"
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() => void perform(remove)}
      />
    </Group>
  );
}
