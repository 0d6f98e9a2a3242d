import type { ContainerLevels } from '../../../../shared/api/containers';
import { http } from '../../../lib/api-client';

/**
 * The screen first asks for the binders alone (each says whether it has children): they start
 * closed, and each binder's children are loaded when it opens, as a folder's are.
 */
export const TOP_DEPTH = 1;

/**
 * GET o/{org}/containers?depth=N: the top levels (parentId null) or one binder or folder's children
 * (bypass_val=true: of the whole tree, org admins only).
 */
export function fetchContainerLevels(
  orgId: string,
  bypass: boolean,
  parentId: number | null,
): Promise<ContainerLevels> {
  return http.get<ContainerLevels>(`o/${orgId}/containers`, {
    query: {
      depth: parentId === null ? TOP_DEPTH : 1,
      ...(parentId === null ? {} : { parent_id: parentId }),
      ...(bypass ? { bypass_val: true } : {}),
    },
  });
}
