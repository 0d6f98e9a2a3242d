import {
  CreateOrgBody,
  OrgIdParams,
  OrgHealth,
  OrgList,
  OrgListQuery,
  OrgResponse,
  ProviderTemplateList,
  UpdateOrgBody,
} from '../../../shared/api/hstm-orgs';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Deps } from '../../http/deps';
import { staffRoute, type App } from '../../http/routes';
import { getOrgHealth } from './org-health';
import { createOrg, listOrgs, listProviderTemplates, showOrg, updateOrg } from './staff-orgs.service';

const BASE = '/api/hstm/organizations';

/** Issue 14, provider-staff area: organisations and the templates each may use (staff permission 3). */
export function registerHstmOrgModule(app: App, deps: Deps): void {
  const permission = StaffPermission.OrgManagement;

  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: BASE,
      summary: 'Organisations: searched by name or tenant key, filtered by status and sign-in source, sorted and paged',
      schema: { querystring: OrgListQuery, response: { 200: OrgList } },
    },
    (ctx, { query }) => listOrgs(ctx, query),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'One organisation and the ids of the templates it may use',
      schema: { params: OrgIdParams, response: { 200: OrgResponse } },
    },
    async (ctx, { params }) => ({ org: await showOrg(ctx, params.id) }),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: `${BASE}/:id/health`,
      summary:
        "An organisation's health at a glance: recent use, overdue reviews, old tasks, acknowledgements, last sync",
      schema: { params: OrgIdParams, response: { 200: OrgHealth } },
    },
    (ctx, { params }) => getOrgHealth(ctx, params.id),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'POST',
      url: BASE,
      summary: 'Create an organisation with its system group, usable at once',
      schema: { body: CreateOrgBody, response: { 201: OrgResponse } },
    },
    async (ctx, { body }) => {
      const org = await createOrg(ctx, body.org, body.template_ids);
      void ctx.reply.code(201);
      return { org };
    },
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: "Change an organisation's details and, when template_ids is sent, the templates it may use",
      schema: { params: OrgIdParams, body: UpdateOrgBody, response: { 200: OrgResponse } },
    },
    async (ctx, { params, body }) => ({ org: await updateOrg(ctx, params.id, body.org, body.template_ids) }),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: '/api/hstm/pnp_templates',
      summary: 'The provider template library: every template and the name of its source',
      schema: { response: { 200: ProviderTemplateList } },
    },
    (ctx) => listProviderTemplates(ctx),
  );
}
