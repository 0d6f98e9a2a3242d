import type { StaffActionLogList } from '../../../shared/api/staff-audit';
import { http } from '../../lib/api-client';

export const staffActivityKeys = {
  page: (page: number, perPage: number, search: string) =>
    ['hstm', 'staff_action_logs', page, perPage, search] as const,
};

export const staffActivityApi = {
  list: (page: number, perPage: number, search: string): Promise<StaffActionLogList> =>
    http.get<StaffActionLogList>('hstm/staff_action_logs', {
      query: { page, per_page: perPage, ...(search ? { search } : {}) },
    }),
};
