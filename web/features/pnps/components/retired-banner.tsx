import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Pnp } from '../../../../shared/api/pnps';
import { PNP_STATUS_LABELS, PnpStatus } from '../../../../shared/domain/statuses';
import { formatDisplayDate } from '../../../lib/format';
import { pnpKeys } from '../api/pnp-keys';
import { listWorkflowHistory } from '../api/versions';

/**
 * A retired P&P says so where the workflow stepper would be: RETIRED, when, by whom (from the
 * workflow history's last Retire entry) and why. Its last Active version is kept, but it is not in use.
 */
export function RetiredBanner({ orgId, pnp }: { readonly orgId: string; readonly pnp: Pnp }) {
  const history = useQuery({
    queryKey: pnpKeys.history(orgId, String(pnp.id)),
    queryFn: () => listWorkflowHistory(orgId, pnp.id),
    retry: false,
  });
  const retiredBy = [...(history.data?.workflow_history ?? [])]
    .filter((h) => h.action === 'Retire')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  return (
    <Alert color="gray" variant="light" title={PNP_STATUS_LABELS[PnpStatus.Retired]} data-testid="retired-banner">
      <Text size="sm" data-testid="retired-when">
        {`Retired on ${pnp.retired_at ? formatDisplayDate(pnp.retired_at) : 'an unknown date'}${
          retiredBy ? ` by ${retiredBy.actor_name}` : ''
        }.`}
      </Text>
      <Text
        size="sm"
        data-testid="retired-reason"
        className="tenet-wrap-anywhere"
      >{`Reason: ${pnp.retire_reason ?? 'none given'}`}</Text>
      <Text size="sm" c="dimmed">
        It is no longer in the library; its last Active version is kept as it was.
      </Text>
    </Alert>
  );
}
