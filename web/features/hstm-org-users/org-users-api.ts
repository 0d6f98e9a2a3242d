import type {
  CreateStaffOrgUserBody,
  HstreamIdResponse,
  OrgUserSortKey,
  StaffOrgUserList,
  StaffOrgUserResponse,
  UpdateStaffOrgUserBody,
  VisitorLogList,
  VisitorLogResponse,
} from '../../../shared/api/hstm-org-users';
import { http } from '../../lib/api-client';

/** The calls of `/api/hstm/users` (spec §7 'Provider staff'). */
const BASE = 'hstm/users';

export interface OrgUserFilters {
  search: string;
  status: '' | '1' | '2';
  admins: boolean;
  sort: OrgUserSortKey;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export const orgUserKeys = {
  all: ['hstm_org_users'] as const,
  list: (orgId: string, f: OrgUserFilters) => ['hstm_org_users', orgId, 'list', f] as const,
  one: (orgId: string, id: string) => ['hstm_org_users', orgId, 'one', id] as const,
  logs: (orgId: string, id: string, page: number) => ['hstm_org_users', orgId, 'one', id, 'logs', page] as const,
  log: (orgId: string, id: string, logId: string) => ['hstm_org_users', orgId, 'one', id, 'log', logId] as const,
  hstream: (email: string) => ['hstm_org_users', 'hstream', email] as const,
};

export const orgUsersApi = {
  list: (orgId: string, f: OrgUserFilters): Promise<StaffOrgUserList> =>
    http.get<StaffOrgUserList>(BASE, {
      query: {
        orgId,
        search: f.search || undefined,
        status: f.status || undefined,
        admins: f.admins ? 'true' : undefined,
        sort: f.sort,
        dir: f.dir,
        page: f.page,
        per_page: f.perPage,
      },
      passThrough: [404],
    }),
  get: (orgId: string, id: string): Promise<StaffOrgUserResponse> =>
    http.get<StaffOrgUserResponse>(`${BASE}/${id}`, { query: { orgId }, passThrough: [404] }),
  create: (body: CreateStaffOrgUserBody): Promise<StaffOrgUserResponse> =>
    http.post<StaffOrgUserResponse>(BASE, body, { passThrough: [404, 422] }),
  update: (id: number, body: UpdateStaffOrgUserBody): Promise<StaffOrgUserResponse> =>
    http.put<StaffOrgUserResponse>(`${BASE}/${id}`, body, { passThrough: [404, 422] }),
  remove: (id: number): Promise<{ message: string }> =>
    http.delete<{ message: string }>(`${BASE}/${id}`, { passThrough: [404, 422] }),
  visitorLogs: (orgId: string, id: string, page: number, perPage: number): Promise<VisitorLogList> =>
    http.get<VisitorLogList>(`${BASE}/${id}/visitor_logs`, {
      query: { orgId, page, per_page: perPage },
      passThrough: [404],
    }),
  visitorLog: (orgId: string, id: string, logId: string): Promise<VisitorLogResponse> =>
    http.get<VisitorLogResponse>(`${BASE}/${id}/visitor_logs/${logId}`, { query: { orgId }, passThrough: [404] }),
  hstreamIdByEmail: (email: string): Promise<HstreamIdResponse> =>
    http.get<HstreamIdResponse>(`${BASE}/get_hstream_id_by_email`, { query: { email }, passThrough: [422] }),
};
