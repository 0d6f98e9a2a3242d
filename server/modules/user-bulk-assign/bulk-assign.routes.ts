import { z } from 'zod';
import {
  AssignedItemList,
  AssignmentHolderList,
  BulkAssignBody,
  BulkAssignResponse,
  ContainersQuery,
  LeaverBody,
  LeaverResult,
  LeaverSummary,
} from '../../../shared/api/user-bulk-assign';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { listSourceItems, updateAssignments } from './bulk-assign.service';
import { handOverLeaver, leaverSummary } from './leaver.service';
import { listHolders } from './subjects.repo';

const ByUser = z.object({ userId: IdParam });

/** Bulk assignment and reassignment (spec §7 Users; product rules 'Bulk reassignment'): org admins only. */
export function registerBulkAssignRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/user_bulk_assign',
      summary: 'Users and groups with their assignments, counted per role',
      adminOnly: true,
      schema: { response: { 200: AssignmentHolderList } },
    },
    async (ctx) => ({ holders: await listHolders(ctx.tx, ctx.orgId) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/user_bulk_assign/containers',
      summary: 'The binders, folders and P&Ps (with their versions) where a user or group holds the chosen roles',
      adminOnly: true,
      schema: { querystring: ContainersQuery, response: { 200: AssignedItemList } },
    },
    async (ctx, { query }) => listSourceItems(ctx, query),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/user_bulk_assign/update',
      summary:
        'Reassigns, clones or removes assignments on the selected items (dry_run: the preview); large runs go to the background and e-mail the admin',
      adminOnly: true,
      schema: { body: BulkAssignBody, response: { 200: BulkAssignResponse } },
    },
    async (ctx, { body }) => updateAssignments(ctx, body),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/user_bulk_assign/leaver/:userId',
      summary: 'Everything a leaving user owns, authors, reviews, approves and must read, and who could take it over',
      adminOnly: true,
      schema: { params: ByUser, response: { 200: LeaverSummary } },
    },
    async (ctx, { params }) => leaverSummary(ctx, params.userId),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/user_bulk_assign/leaver/:userId',
      summary: 'Hands everything a leaving user holds to the targets and deactivates them, in one step',
      adminOnly: true,
      schema: { params: ByUser, body: LeaverBody, response: { 200: LeaverResult } },
    },
    async (ctx, { params, body }) => handOverLeaver(ctx, params.userId, body),
  );
}
