import type {
  CreateStaffUserBody,
  StaffSortKey,
  StaffUserList,
  StaffUserResponse,
  UpdateStaffUserBody,
} from '../../../shared/api/hstm-users';
import { http } from '../../lib/api-client';

/** The calls of `/api/hstm/hstm_users` (spec §7 'Provider staff'). */
const BASE = 'hstm/hstm_users';

export interface StaffUserFilters {
  search: string;
  sort: StaffSortKey;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export const staffUserKeys = {
  all: ['hstm_users'] as const,
  list: (f: StaffUserFilters) => ['hstm_users', 'list', f] as const,
  one: (id: string) => ['hstm_users', 'one', id] as const,
};

export const staffUsersApi = {
  list: (f: StaffUserFilters): Promise<StaffUserList> =>
    http.get<StaffUserList>(BASE, {
      query: { search: f.search || undefined, sort: f.sort, dir: f.dir, page: f.page, per_page: f.perPage },
    }),
  get: (id: string): Promise<StaffUserResponse> => http.get<StaffUserResponse>(`${BASE}/${id}`, { passThrough: [404] }),
  // 403: a permission the signed-in staff user may not give or take away (or their own); the form
  // shows the server's sentence in place, where the global handler would go to the login page.
  create: (body: CreateStaffUserBody): Promise<StaffUserResponse> =>
    http.post<StaffUserResponse>(BASE, body, { passThrough: [403, 422] }),
  update: (id: number, body: UpdateStaffUserBody): Promise<StaffUserResponse> =>
    http.put<StaffUserResponse>(`${BASE}/${id}`, body, { passThrough: [403, 422] }),
  // 403: a staff user holding a permission the signed-in one lacks (the screens do not offer it, but
  // the list may be older than a change): the server's sentence is shown as a toast where it happened.
  remove: (id: number): Promise<{ message: string }> =>
    http.delete<{ message: string }>(`${BASE}/${id}`, { passThrough: [403, 422] }),
  resendWelcome: (id: number): Promise<{ message: string }> =>
    http.post<{ message: string }>(`${BASE}/${id}/resend_welcome_email`, undefined, { passThrough: [403, 422] }),
  setPassword: (token: string, password: string): Promise<{ message: string }> =>
    http.post<{ message: string }>('auth/staff_set_password', { token, password }, { passThrough: [422] }),
};
