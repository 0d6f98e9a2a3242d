import type { ContainerItemResponse, UpdateContainerBody } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** PUT o/{org}/containers/{id} {item}: rename or move (item_type 3: move a P&P). */
export function updateContainer(
  orgId: string,
  id: number,
  item: UpdateContainerBody['item'],
): Promise<ContainerItemResponse> {
  return http.put<ContainerItemResponse>(`o/${orgId}/containers/${id}`, { item }, { passThrough: SHOWN_HERE });
}
