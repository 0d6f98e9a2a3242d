import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ChangeLogTable } from '../../components/change-log-table';
import { changeLogKeys, fetchPnpChangeLogs } from '../../features/change-logs/api/change-logs-api';

/** orgs/{orgId}/pnps/{pnpId}/pnp_documents/{id}/pnp_info/changelog: every change made to the P&P. */
export function PnpChangeLogPage() {
  const { orgId = '', pnpId = '' } = useParams();
  const query = useQuery({
    queryKey: changeLogKeys.pnp(orgId, pnpId),
    queryFn: () => fetchPnpChangeLogs(orgId, pnpId),
  });
  return <ChangeLogTable entries={query.data?.change_logs ?? []} loading={query.isPending} />;
}
