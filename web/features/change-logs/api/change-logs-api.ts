import type { ChangeLogList } from '../../../../shared/api/change-logs';
import { http } from '../../../lib/api-client';

export const changeLogKeys = {
  pnp: (orgId: string, pnpId: string) => ['orgs', orgId, 'pnps', pnpId, 'change_logs'] as const,
};

/** GET o/{org}/pnps/{id}/change_logs (spec §7). */
export function fetchPnpChangeLogs(orgId: string, pnpId: string): Promise<ChangeLogList> {
  return http.get<ChangeLogList>(`o/${encodeURIComponent(orgId)}/pnps/${encodeURIComponent(pnpId)}/change_logs`);
}
