import type { ContainerTree } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';

/** GET o/{org}/containers (bypass_val=true: the whole tree, org admins only). */
export function fetchContainerTree(orgId: string, bypass: boolean): Promise<ContainerTree> {
  return http.get<ContainerTree>(`o/${orgId}/containers`, { query: bypass ? { bypass_val: true } : {} });
}
