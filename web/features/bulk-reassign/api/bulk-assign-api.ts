import type {
  AssignedItemList,
  AssignmentHolderList,
  BulkAssignBody,
  BulkAssignResponse,
  LeaverBody,
  LeaverResult,
  LeaverSummary,
  SubjectType,
} from '../../../../shared/api/user-bulk-assign';
import { http } from '../../../lib/api-client';

/** TanStack Query keys of bulk assignment. */
export const bulkAssignKeys = {
  all: (orgId: string) => ['user-bulk-assign', orgId] as const,
  holders: (orgId: string) => ['user-bulk-assign', orgId, 'holders'] as const,
  items: (orgId: string, type: SubjectType, id: number, roles: readonly number[]) =>
    ['user-bulk-assign', orgId, 'items', type, id, roles.join(',')] as const,
  leaver: (orgId: string, userId: string) => ['user-bulk-assign', orgId, 'leaver', userId] as const,
};

/** GET o/{org}/user_bulk_assign: users and groups with their assignments per role. */
export const listHolders = (orgId: string, signal?: AbortSignal): Promise<AssignmentHolderList> =>
  http.get<AssignmentHolderList>(`o/${orgId}/user_bulk_assign`, signal ? { signal } : {});

/** GET o/{org}/user_bulk_assign/containers?type&id&selected_roles. */
export const listSourceItems = (
  orgId: string,
  type: SubjectType,
  id: number,
  roles: readonly number[],
  signal?: AbortSignal,
): Promise<AssignedItemList> =>
  http.get<AssignedItemList>(`o/${orgId}/user_bulk_assign/containers`, {
    query: { type, id, selected_roles: roles.join(',') },
    ...(signal ? { signal } : {}),
  });

/** POST o/{org}/user_bulk_assign/update. A 422 (refusal) is shown by the wizard with its items. */
export const updateAssignments = (orgId: string, body: BulkAssignBody): Promise<BulkAssignResponse> =>
  http.post<BulkAssignResponse>(`o/${orgId}/user_bulk_assign/update`, body, { passThrough: [422] });

export const getLeaver = (orgId: string, userId: string, signal?: AbortSignal): Promise<LeaverSummary> =>
  http.get<LeaverSummary>(`o/${orgId}/user_bulk_assign/leaver/${userId}`, signal ? { signal } : {});

export const handOverLeaver = (orgId: string, userId: string, body: LeaverBody): Promise<LeaverResult> =>
  http.post<LeaverResult>(`o/${orgId}/user_bulk_assign/leaver/${userId}`, body, { passThrough: [422] });
