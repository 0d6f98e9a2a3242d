import {
  CreateStaffUserBody,
  STAFF_SUCCESS,
  StaffMessageResponse,
  StaffSetPasswordBody,
  StaffUserIdParams,
  StaffUserList,
  StaffUserListQuery,
  StaffUserResponse,
  UpdateStaffUserBody,
} from '../../../shared/api/hstm-users';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Deps } from '../../http/deps';
import { publicRoute, staffRoute, type App } from '../../http/routes';
import {
  createStaffUser,
  deleteStaffUser,
  listStaffUsers,
  resendStaffWelcome,
  setStaffPasswordWithToken,
  showStaffUser,
  updateStaffUser,
} from './staff-users.service';

const BASE = '/api/hstm/hstm_users';

/** Issue 14, provider-staff area: staff users and their permissions (staff permission 2). */
export function registerHstmStaffUserModule(app: App, deps: Deps): void {
  const permission = StaffPermission.UserManagement;

  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: BASE,
      summary: 'Staff users not deleted: searched, filtered by status, sorted and paged',
      schema: { querystring: StaffUserListQuery, response: { 200: StaffUserList } },
    },
    (ctx, { query }) => listStaffUsers(ctx, query),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'One staff user',
      schema: { params: StaffUserIdParams, response: { 200: StaffUserResponse } },
    },
    async (ctx, { params }) => ({ user: await showStaffUser(ctx, params.id) }),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'POST',
      url: BASE,
      summary: 'Create a staff user (name, e-mail, username, permissions); a welcome e-mail sets the password',
      schema: { body: CreateStaffUserBody, response: { 201: StaffUserResponse } },
    },
    async (ctx, { body }) => {
      const user = await createStaffUser(ctx, body.user);
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
      summary: "Change a staff user's details, permissions or status (deactivating ends their sessions)",
      schema: { params: StaffUserIdParams, body: UpdateStaffUserBody, response: { 200: StaffUserResponse } },
    },
    async (ctx, { params, body }) => ({ user: await updateStaffUser(ctx, params.id, body.user, body.user_id) }),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Delete a staff user (status -1); their sessions end at once',
      schema: { params: StaffUserIdParams, response: { 200: StaffMessageResponse } },
    },
    (ctx, { params }) => deleteStaffUser(ctx, params.id),
  );
  staffRoute(
    app,
    deps,
    {
      permission,
      method: 'POST',
      url: `${BASE}/:id/resend_welcome_email`,
      summary: 'A new set-password e-mail (works once, expires in 7 days; older links stop working)',
      schema: { params: StaffUserIdParams, response: { 200: StaffMessageResponse } },
    },
    (ctx, { params }) => resendStaffWelcome(ctx, params.id),
  );

  publicRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/auth/staff_set_password',
      summary: 'A staff user sets their password with the link of their welcome e-mail',
      rateLimitPerMinute: deps.config.loginRateLimitPerMinute,
      schema: { body: StaffSetPasswordBody, response: { 200: StaffMessageResponse } },
    },
    async (_ctx, { body }) => {
      await setStaffPasswordWithToken(deps, body);
      return { message: STAFF_SUCCESS.passwordSet };
    },
  );
}
