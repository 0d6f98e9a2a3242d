import type { ChangeLogList } from '../../../../shared/api/change-logs';
import { http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** GET o/{org}/pnps/{id}/change_logs: the P&P's entries and its versions'. */
export function getPnpChangeLogs(orgId: string, pnpId: string | number): Promise<ChangeLogList> {
  return http.get<ChangeLogList>(`o/${orgId}/pnps/${pnpId}/change_logs`, { passThrough: IN_PLACE });
}
