import {
  CreateStaffOrgUserBody,
  HstreamIdQuery,
  HstreamIdResponse,
  StaffOrgUserIdParams,
  StaffOrgUserList,
  StaffOrgUserListQuery,
  StaffOrgUserResponse,
  StaffOrgUserScope,
  UpdateStaffOrgUserBody,
  VisitorLogIdParams,
  VisitorLogList,
  VisitorLogListQuery,
  VisitorLogResponse,
} from '../../../shared/api/hstm-org-users';
import { MessageResponse } from '../../../shared/api/users';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Deps } from '../../http/deps';
import { staffRoute, type App } from '../../http/routes';
import {
  createOrgUser,
  deleteOrgUser,
  hstreamIdByEmail,
  listOrgUsers,
  listVisitorLogs,
  showOrgUser,
  showVisitorLog,
  updateOrgUser,
} from './staff-org-users.service';

const BASE = '/api/hstm/users';

/** Issue 14, provider-staff area: org users seen from the staff area (permission 3), hStream ids (5). */
export function registerHstmOrgUserModule(app: App, deps: Deps): void {
  const permission = StaffPermission.OrgManagement;

  staffRoute(
    app,
    deps,
    {
      permission: StaffPermission.DeveloperTools,
      method: 'GET',
      url: `${BASE}/get_hstream_id_by_email`,
      summary: 'Developer tools: the org users with this e-mail, in any organisation, and their hStream id',
      schema: { querystring: HstreamIdQuery, response: { 200: HstreamIdResponse } },
    },
    (ctx, { query }) => hstreamIdByEmail(ctx, query.email),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: BASE,
      summary: "An organisation's users (not deleted): searched, by status, admins only, paged",
      schema: { querystring: StaffOrgUserListQuery, response: { 200: StaffOrgUserList } },
    },
    (ctx, { query }) => listOrgUsers(ctx, query),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'An org user with their organisation, groups and settings (orgId: only within that organisation)',
      schema: { params: StaffOrgUserIdParams, querystring: StaffOrgUserScope, response: { 200: StaffOrgUserResponse } },
    },
    async (ctx, { params, query }) => ({ user: await showOrgUser(ctx, params.id, query.orgId) }),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'POST',
      url: BASE,
      summary: 'Create a user in the organisation org_id, with the org-side rules',
      schema: { body: CreateStaffOrgUserBody, response: { 201: StaffOrgUserResponse } },
    },
    async (ctx, { body }) => {
      const user = await createOrgUser(ctx, body.user);
      void ctx.reply.code(201);
      return { user };
    },
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: "Change an org user's details, roles, status or groups, with the org-side rules",
      schema: { params: StaffOrgUserIdParams, body: UpdateStaffOrgUserBody, response: { 200: StaffOrgUserResponse } },
    },
    async (ctx, { params, body }) => ({ user: await updateOrgUser(ctx, params.id, body.user, body.user_id) }),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Delete an org user (status -1): their sessions end and their open tasks close',
      schema: { params: StaffOrgUserIdParams, response: { 200: MessageResponse } },
    },
    (ctx, { params }) => deleteOrgUser(ctx, params.id),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: `${BASE}/:id/visitor_logs`,
      summary: "An org user's sign-ins, newest first, paged",
      schema: { params: StaffOrgUserIdParams, querystring: VisitorLogListQuery, response: { 200: VisitorLogList } },
    },
    (ctx, { params, query }) => listVisitorLogs(ctx, params.id, query),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: `${BASE}/:id/visitor_logs/:logId`,
      summary: 'One sign-in of an org user (another user’s log is a 404)',
      schema: { params: VisitorLogIdParams, querystring: StaffOrgUserScope, response: { 200: VisitorLogResponse } },
    },
    async (ctx, { params, query }) => ({
      visitor_log: await showVisitorLog(ctx, params.id, params.logId, query.orgId),
    }),
  );
}
