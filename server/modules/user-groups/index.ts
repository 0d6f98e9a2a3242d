import { ChangeLogList } from '../../../shared/api/change-logs';
import {
  MemberCandidates,
  MemberCandidatesQuery,
  UserGroupBody,
  UserGroupIdParams,
  UserGroupList,
  UserGroupListQuery,
  UserGroupResponse,
} from '../../../shared/api/user-groups';
import type { Deps } from '../../http/deps';
import { orgRoute, type App } from '../../http/routes';
import {
  createUserGroup,
  deleteUserGroup,
  listUserGroups,
  memberCandidates,
  showUserGroup,
  updateUserGroup,
  userGroupChangeLogs,
} from './user-groups.service';

const BASE = '/api/o/:org/user_groups';

/** User groups (issue 13, spec §7 Groups): list, create, edit, delete, members, change logs. Org admins only. */
export function registerUserGroupModule(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: BASE,
      adminOnly: true,
      summary: "The org's user groups by name, with their member counts; exclude_system=true leaves out system groups",
      schema: { querystring: UserGroupListQuery, response: { 200: UserGroupList } },
    },
    (ctx, { query }) => listUserGroups(ctx, query),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: BASE,
      adminOnly: true,
      summary: 'Create a user group with its name, description and members',
      schema: { body: UserGroupBody, response: { 201: UserGroupResponse } },
    },
    async (ctx, { body }) => {
      const user_group = await createUserGroup(ctx, body.group);
      void ctx.reply.code(201);
      return { user_group };
    },
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/member_candidates`,
      adminOnly: true,
      summary: 'Active users of the org to choose group members from, by name',
      schema: { querystring: MemberCandidatesQuery, response: { 200: MemberCandidates } },
    },
    (ctx, { query }) => memberCandidates(ctx, query.search),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/:id`,
      adminOnly: true,
      summary: 'One user group with its members',
      schema: { params: UserGroupIdParams, response: { 200: UserGroupResponse } },
    },
    async (ctx, { params }) => ({ user_group: await showUserGroup(ctx, params.id) }),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:id`,
      adminOnly: true,
      summary: "Change a group's name, description and members (refused for system groups)",
      schema: { params: UserGroupIdParams, body: UserGroupBody, response: { 200: UserGroupResponse } },
    },
    async (ctx, { params, body }) => ({ user_group: await updateUserGroup(ctx, params.id, body.group) }),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'DELETE',
      url: `${BASE}/:id`,
      adminOnly: true,
      summary:
        'Delete a group and its roles; refused for system groups and where a P&P would lose its last Owner or current approver',
      schema: { params: UserGroupIdParams },
    },
    (ctx, { params }) => deleteUserGroup(ctx, params.id),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/:id/user_group_change_logs`,
      adminOnly: true,
      summary: "A group's change log, newest first",
      schema: { params: UserGroupIdParams, response: { 200: ChangeLogList } },
    },
    (ctx, { params }) => userGroupChangeLogs(ctx, params.id),
  );
}
