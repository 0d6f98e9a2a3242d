import type { Dashboard } from '../../../shared/api/hstm-dashboard';
import { http } from '../../lib/api-client';

export const dashboardKeys = { search: (search: string) => ['hstm', 'dashboard', search] as const };

/** GET hstm/dash/new?search (any staff user). */
export const dashboardApi = {
  load: (search: string): Promise<Dashboard> => http.get<Dashboard>('hstm/dash/new', { query: { search } }),
};
