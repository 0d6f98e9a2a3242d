import { z } from 'zod';
import { GroupMapping, GroupMappingBody, type GroupMappingInput } from '../../../shared/api/hstm-idp';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Deps } from '../../http/deps';
import { unprocessable } from '../../http/errors';
import { IdParam, staffRoute, type App, type StaffCtx } from '../../http/routes';
import { getOrg } from '../hstm-idp/settings.repo';
import {
  findGroupClaim,
  findGroupsOfOrg,
  listMappableGroups,
  listMappings,
  replaceMappings,
} from './group-mapping.repo';

/**
 * The staff side of IdP group mapping (issue 16), beside the organisation's other sign-in
 * settings under /api/hstm/organizations and with their permission (3, organisation management).
 */
const BASE = '/api/hstm/organizations';
const OrgParams = z.object({ orgId: IdParam });

async function present(ctx: StaffCtx, orgId: number): Promise<GroupMapping> {
  const [claim, mappings, groups] = await Promise.all([
    findGroupClaim(ctx.tx, orgId),
    listMappings(ctx.tx, orgId),
    listMappableGroups(ctx.tx, orgId),
  ]);
  return {
    org_id: orgId,
    claim,
    mappings: mappings.map((m) => ({
      id: m.id,
      idp_group: m.idpGroup,
      group_id: m.groupId,
      group_name: m.groupName,
    })),
    groups,
  };
}

/** Every problem of the rows at once, each naming its row (1-based, as the screen shows them). */
async function validRows(ctx: StaffCtx, orgId: number, input: GroupMappingInput) {
  const errors: string[] = [];
  const rows = input.mappings.map((m) => ({ idpGroup: m.idp_group.trim(), groupId: m.group_id }));
  const groups = await findGroupsOfOrg(
    ctx.tx,
    orgId,
    rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])),
  );
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const n = index + 1;
    if (!row.idpGroup) errors.push(`Row ${n}: IdP group value is required.`);
    else {
      const key = row.idpGroup.toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined) errors.push(`Row ${n}: ${row.idpGroup} is already mapped in row ${earlier}.`);
      else seen.set(key, n);
    }
    if (row.groupId === null) errors.push(`Row ${n}: choose a user group.`);
    else {
      const group = groups.get(row.groupId);
      if (!group) errors.push(`Row ${n}: the user group was not found in this organization.`);
      else if (group.system) {
        errors.push(`Row ${n}: ${group.name} is a system group: its members are managed by the system.`);
      }
    }
  });
  if (errors.length > 0) throw unprocessable(...errors);
  return rows.map((r) => ({ idpGroup: r.idpGroup, groupId: r.groupId! }));
}

export function registerGroupMappingRoutes(app: App, deps: Deps): void {
  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/:orgId/sso_group_mapping`,
      permission: StaffPermission.OrgManagement,
      summary: "An organization's IdP group mapping: the groups claim, the mappings and the groups to map to",
      schema: { params: OrgParams, response: { 200: GroupMapping } },
    },
    async (ctx, { params }) => {
      const org = await getOrg(ctx.tx, params.orgId);
      return present(ctx, org.id);
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:orgId/sso_group_mapping`,
      permission: StaffPermission.OrgManagement,
      summary:
        "Replaces an organization's IdP group mapping (422 naming each row's problem); applied at each single sign-on",
      schema: { params: OrgParams, body: GroupMappingBody, response: { 200: GroupMapping } },
    },
    async (ctx, { params, body }) => {
      const org = await getOrg(ctx.tx, params.orgId);
      const input = body.sso_group_mapping;
      const rows = await validRows(ctx, org.id, input);
      await replaceMappings(ctx.tx, org.id, input.claim, rows, ctx.now);
      return present(ctx, org.id);
    },
  );
}
