import type { ChangeLogList } from '../../../../shared/api/change-logs';
import type {
  MemberCandidates,
  UserGroupBody,
  UserGroupList,
  UserGroupResponse,
} from '../../../../shared/api/user-groups';
import { http } from '../../../lib/api-client';

/** The calls of `/api/o/{org}/user_groups` (spec §7 Groups). */
const base = (orgId: string) => `o/${encodeURIComponent(orgId)}/user_groups`;

/** Refusals the screens show themselves (an unknown group, a refused change). */
const IN_PLACE = [404, 409, 422];

export const userGroupKeys = {
  all: (orgId: string) => ['user-groups', orgId] as const,
  list: (orgId: string, search: string) => ['user-groups', orgId, 'list', search] as const,
  one: (orgId: string, id: string) => ['user-groups', orgId, 'one', id] as const,
  logs: (orgId: string, id: string) => ['user-groups', orgId, 'logs', id] as const,
  candidates: (orgId: string, search: string) => ['user-groups', orgId, 'candidates', search] as const,
};

export const listUserGroups = (orgId: string, search: string): Promise<UserGroupList> =>
  http.get<UserGroupList>(base(orgId), { query: { search: search || undefined } });

export const getUserGroup = (orgId: string, id: string): Promise<UserGroupResponse> =>
  http.get<UserGroupResponse>(`${base(orgId)}/${encodeURIComponent(id)}`, { passThrough: [404, 422] });

export const userGroupChangeLogs = (orgId: string, id: string): Promise<ChangeLogList> =>
  http.get<ChangeLogList>(`${base(orgId)}/${encodeURIComponent(id)}/user_group_change_logs`, {
    passThrough: [404, 422],
  });

export const searchMemberCandidates = (orgId: string, search: string): Promise<MemberCandidates> =>
  http.get<MemberCandidates>(`${base(orgId)}/member_candidates`, { query: { search: search || undefined } });

export const createUserGroup = (orgId: string, body: UserGroupBody): Promise<UserGroupResponse> =>
  http.post<UserGroupResponse>(base(orgId), body, { passThrough: IN_PLACE });

export const updateUserGroup = (orgId: string, id: string, body: UserGroupBody): Promise<UserGroupResponse> =>
  http.put<UserGroupResponse>(`${base(orgId)}/${encodeURIComponent(id)}`, body, { passThrough: IN_PLACE });

export const deleteUserGroup = (orgId: string, id: number): Promise<void> =>
  http.delete<void>(`${base(orgId)}/${id}`, { passThrough: IN_PLACE });
