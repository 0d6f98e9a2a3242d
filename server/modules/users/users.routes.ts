import { ChangeLogList } from '../../../shared/api/change-logs';
import {
  BulkWelcomeResponse,
  CreateUserBody,
  MessageResponse,
  SetPasswordBody,
  UpdateUserBody,
  USER_SUCCESS,
  UserIdParams,
  UserList,
  UserListQuery,
  UserLogList,
  UserResponse,
  UserSettingsView,
  WelcomeEmailBody,
} from '../../../shared/api/users';
import type { Deps } from '../../http/deps';
import { orgRoute, publicRoute, type App } from '../../http/routes';
import {
  createUser,
  deleteUser,
  listUsers,
  sendBulkWelcomeEmail,
  sendWelcomeEmail,
  showUser,
  updateUser,
  userChangeLogs,
  userLogs,
  userSettings,
} from './users.service';
import { setPasswordWithToken } from './welcome.service';

const BASE = '/api/o/:org/users';

/** Users of an organisation (spec §7 'Users'): org administrators only. */
export function registerUserRoutes(app: App, deps: Deps): void {
  const admin = { adminOnly: true } as const;

  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'GET',
      url: BASE,
      summary:
        'Users not deleted: filtered (active, inactive, never logged in, search, created from) and paged; bypass_val=true lists all',
      schema: { querystring: UserListQuery, response: { 200: UserList } },
    },
    (ctx, { query }) => listUsers(ctx, query),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'POST',
      url: `${BASE}/send_bulk_welcome_email`,
      summary: 'An invitation e-mail to every active user who never signed in',
      schema: { response: { 200: BulkWelcomeResponse } },
    },
    (ctx) => sendBulkWelcomeEmail(ctx),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'A user with their groups',
      schema: { params: UserIdParams, response: { 200: UserResponse } },
    },
    async (ctx, { params }) => ({ user: await showUser(ctx, params.id) }),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'POST',
      url: BASE,
      summary: 'Create a user (names, e-mail, username, title, roles, status, groups)',
      schema: { body: CreateUserBody, response: { 201: UserResponse } },
    },
    async (ctx, { body }) => {
      const user = await createUser(ctx, body.user);
      void ctx.reply.code(201);
      return { user };
    },
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: "Change a user's details, roles, status (deactivating ends their sessions and tasks) or groups",
      schema: { params: UserIdParams, body: UpdateUserBody, response: { 200: UserResponse } },
    },
    async (ctx, { params, body }) => ({ user: await updateUser(ctx, params.id, body.user, body.user_id) }),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Delete a user (status -1): they leave every list, their sessions end and their open tasks close',
      schema: { params: UserIdParams, response: { 200: MessageResponse } },
    },
    (ctx, { params }) => deleteUser(ctx, params.id),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'GET',
      url: `${BASE}/:id/user_logs`,
      summary: "A user's log: creation, invitations, status changes, password set",
      schema: { params: UserIdParams, response: { 200: UserLogList } },
    },
    (ctx, { params }) => userLogs(ctx, params.id),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'GET',
      url: `${BASE}/:id/change_logs`,
      summary: "A user's change log",
      schema: { params: UserIdParams, response: { 200: ChangeLogList } },
    },
    (ctx, { params }) => userChangeLogs(ctx, params.id),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'GET',
      url: `${BASE}/:id/settings`,
      summary: "A user's settings (preferences)",
      schema: { params: UserIdParams, response: { 200: UserSettingsView } },
    },
    (ctx, { params }) => userSettings(ctx, params.id),
  );
  orgRoute(
    app,
    deps,
    {
      ...admin,
      method: 'POST',
      url: `${BASE}/:id/send_welcome_email`,
      summary: 'An invitation e-mail with a link to set a password (works once, expires in 7 days)',
      schema: { params: UserIdParams, body: WelcomeEmailBody, response: { 200: MessageResponse } },
    },
    (ctx, { params, body }) => sendWelcomeEmail(ctx, params.id, body.user_id),
  );

  publicRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/auth/set_password',
      summary: "Set one's password with the link of a welcome e-mail",
      rateLimitPerMinute: deps.config.loginRateLimitPerMinute,
      schema: { body: SetPasswordBody, response: { 200: MessageResponse } },
    },
    async (_ctx, { body }) => {
      await setPasswordWithToken(deps, body);
      return { message: USER_SUCCESS.passwordSet };
    },
  );
}
