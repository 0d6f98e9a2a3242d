import type { ChangeLogList } from '../../../../shared/api/change-logs';
import { http } from '../../../lib/api-client';

/** GET o/{org}/containers/{id}/change_logs. */
export function fetchContainerChangeLogs(orgId: string, id: number): Promise<ChangeLogList> {
  return http.get<ChangeLogList>(`o/${orgId}/containers/${id}/change_logs`);
}
