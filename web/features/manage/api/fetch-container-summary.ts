import type { ContainerSummary } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** GET o/{org}/containers/{id}/summary: what a delete would remove, for the confirmation. */
export function fetchContainerSummary(orgId: string, id: number): Promise<ContainerSummary> {
  return http.get<ContainerSummary>(`o/${orgId}/containers/${id}/summary`, { passThrough: SHOWN_HERE });
}
