import type { ChangeLogList } from '../../../../shared/api/change-logs';
import type { UserGroupList } from '../../../../shared/api/user-groups';
import type {
  BulkWelcomeResponse,
  CreateUserBody,
  MessageResponse,
  UpdateUserBody,
  UserList,
  UserLogList,
  UserResponse,
  UserSettingsView,
  UserSortKey,
} from '../../../../shared/api/users';
import { http } from '../../../lib/api-client';

/** The calls of `/api/o/{org}/users` (spec §7 'Users'). */
const base = (orgId: string) => `o/${encodeURIComponent(orgId)}/users`;

export interface UserFilters {
  active: boolean;
  inactive: boolean;
  neverLoggedIn: boolean;
  search: string;
  createdFrom: '' | '0' | '1';
  sort: UserSortKey;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export const userKeys = {
  all: (orgId: string) => ['users', orgId] as const,
  list: (orgId: string, f: UserFilters) => ['users', orgId, 'list', f] as const,
  one: (orgId: string, id: string) => ['users', orgId, 'one', id] as const,
  logs: (orgId: string, id: string) => ['users', orgId, 'one', id, 'change_logs'] as const,
  userLogs: (orgId: string, id: string) => ['users', orgId, 'one', id, 'user_logs'] as const,
  settings: (orgId: string, id: string) => ['users', orgId, 'one', id, 'settings'] as const,
  groups: (orgId: string) => ['users', orgId, 'groups'] as const,
};

export const listUsers = (orgId: string, f: UserFilters): Promise<UserList> =>
  http.get<UserList>(base(orgId), {
    query: {
      active: f.active ? 'true' : undefined,
      inactive: f.inactive ? 'true' : undefined,
      never_logged_in: f.neverLoggedIn ? 'true' : undefined,
      search: f.search || undefined,
      created_from: f.createdFrom || undefined,
      sort: f.sort,
      dir: f.dir,
      page: f.page,
      per_page: f.perPage,
    },
  });

export const getUser = (orgId: string, id: string): Promise<UserResponse> =>
  http.get<UserResponse>(`${base(orgId)}/${id}`, { passThrough: [404] });

export const createUser = (orgId: string, body: CreateUserBody): Promise<UserResponse> =>
  http.post<UserResponse>(base(orgId), body, { passThrough: [422] });

export const updateUser = (orgId: string, id: number, body: UpdateUserBody): Promise<UserResponse> =>
  http.put<UserResponse>(`${base(orgId)}/${id}`, body, { passThrough: [409, 422] });

export const deleteUser = (orgId: string, id: number): Promise<MessageResponse> =>
  http.delete<MessageResponse>(`${base(orgId)}/${id}`, { passThrough: [422] });

export const userChangeLogs = (orgId: string, id: string): Promise<ChangeLogList> =>
  http.get<ChangeLogList>(`${base(orgId)}/${id}/change_logs`, { passThrough: [404] });

export const userLogs = (orgId: string, id: string): Promise<UserLogList> =>
  http.get<UserLogList>(`${base(orgId)}/${id}/user_logs`, { passThrough: [404] });

export const userSettings = (orgId: string, id: string): Promise<UserSettingsView> =>
  http.get<UserSettingsView>(`${base(orgId)}/${id}/settings`, { passThrough: [404] });

export const sendWelcomeEmail = (orgId: string, id: number): Promise<MessageResponse> =>
  http.post<MessageResponse>(`${base(orgId)}/${id}/send_welcome_email`, { user_id: id }, { passThrough: [422] });

export const sendBulkWelcomeEmail = (orgId: string): Promise<BulkWelcomeResponse> =>
  http.post<BulkWelcomeResponse>(`${base(orgId)}/send_bulk_welcome_email`, undefined, { passThrough: [422] });

/** GET o/{org}/user_groups: the groups to choose from. */
export const listGroups = (orgId: string): Promise<UserGroupList> =>
  http.get<UserGroupList>(`o/${encodeURIComponent(orgId)}/user_groups`);

export const setPassword = (token: string, password: string): Promise<MessageResponse> =>
  http.post<MessageResponse>('auth/set_password', { token, password }, { passThrough: [422] });
