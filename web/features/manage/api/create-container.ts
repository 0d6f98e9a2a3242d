import type { ContainerItemResponse, CreateContainerBody } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';
import { SHOWN_HERE } from './manage-keys';

/** POST o/{org}/containers {item}: a new binder or folder, or (copy_of) a copy of one or of a P&P. */
export function createContainer(orgId: string, item: CreateContainerBody['item']): Promise<ContainerItemResponse> {
  return http.post<ContainerItemResponse>(`o/${orgId}/containers`, { item }, { passThrough: SHOWN_HERE });
}
