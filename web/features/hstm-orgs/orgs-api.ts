import type {
  CreateOrgBody,
  OrgHealth,
  OrgList,
  OrgResponse,
  OrgSortKey,
  ProviderTemplateList,
  UpdateOrgBody,
} from '../../../shared/api/hstm-orgs';
import { http } from '../../lib/api-client';

/** The calls of `/api/hstm/organizations` and `/api/hstm/pnp_templates` (spec §7 'Provider staff'). */
const BASE = 'hstm/organizations';

export interface OrgFilters {
  search: string;
  status: string;
  idp: string;
  sort: OrgSortKey;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export const orgKeys = {
  all: ['hstm_organizations'] as const,
  list: (f: OrgFilters) => ['hstm_organizations', 'list', f] as const,
  one: (id: number) => ['hstm_organizations', 'one', id] as const,
  health: (id: number) => ['hstm_organizations', 'health', id] as const,
  templates: ['hstm_pnp_templates'] as const,
};

export const orgsApi = {
  list: (f: OrgFilters): Promise<OrgList> =>
    http.get<OrgList>(BASE, {
      query: {
        search: f.search || undefined,
        status: f.status || undefined,
        idp: f.idp || undefined,
        sort: f.sort,
        dir: f.dir,
        page: f.page,
        per_page: f.perPage,
      },
    }),
  get: (id: number): Promise<OrgResponse> => http.get<OrgResponse>(`${BASE}/${id}`, { passThrough: [404] }),
  create: (body: CreateOrgBody): Promise<OrgResponse> =>
    http.post<OrgResponse>(BASE, body, { passThrough: [409, 422] }),
  update: (id: number, body: UpdateOrgBody): Promise<OrgResponse> =>
    http.put<OrgResponse>(`${BASE}/${id}`, body, { passThrough: [409, 422] }),
  health: (id: number): Promise<OrgHealth> => http.get<OrgHealth>(`${BASE}/${id}/health`, { passThrough: [404] }),
  templates: (): Promise<ProviderTemplateList> => http.get<ProviderTemplateList>('hstm/pnp_templates'),
};
