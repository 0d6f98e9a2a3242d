import { z } from 'zod';
import { ChangeLogList } from '../../../shared/api/change-logs';
import {
  ContainerItemResponse,
  ContainerLevels,
  ContainerListQuery,
  ContainerSummary,
  ContainerTree,
  CreateContainerBody,
  DeleteContainerQuery,
  PnpContainerPath,
  UpdateContainerBody,
} from '../../../shared/api/containers';
import type { Deps } from '../../http/deps';
import { unprocessable } from '../../http/errors';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { trustedJson } from '../../http/trusted-response';
import { copyNode } from './containers-copy.service';
import { updateNode } from './containers-update.service';
import {
  createContainer,
  deleteContainer,
  listContainerChangeLogs,
  listContainerLevels,
  listContainerTree,
  listPnpContainerPath,
  summarizeContainer,
} from './containers.service';

const ById = z.object({ id: IdParam });

/** Binders, folders and the tree (spec §7 "o/{org}/containers"). */
export function registerContainerRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/containers',
      summary:
        'The tree: binders, folders and P&Ps the caller may see (bypass_val=true: the whole tree, admins only). ' +
        'On demand with depth=N (1-3): only the N levels below parent_id (below the top without it), each node ' +
        'saying whether it has children; open_to=ID adds the children of every container from the top down to ID',
      schema: { querystring: ContainerListQuery, response: { 200: z.union([ContainerTree, ContainerLevels]) } },
    },
    async (ctx, { query }) => {
      const { depth } = query;
      if (depth !== undefined) {
        return trustedJson(
          ctx.deps.config,
          ctx.reply,
          ContainerLevels,
          await listContainerLevels(ctx, { ...query, depth }),
        );
      }
      if (query.parent_id !== undefined || query.open_to !== undefined) {
        throw unprocessable('Depth is required with parent id or open to: ask for depth=1 to open one node.');
      }
      return trustedJson(
        ctx.deps.config,
        ctx.reply,
        ContainerTree,
        await listContainerTree(ctx, query.bypass_val === true),
      );
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/containers',
      summary: 'Create a binder or folder, or copy one (copy_of) with its subtree, or copy a P&P',
      schema: { body: CreateContainerBody, response: { 201: ContainerItemResponse } },
    },
    async (ctx, { body }) => {
      const { copy_of: copyOf, ...rest } = body.item;
      const item = copyOf ? await copyNode(ctx, { ...rest, copy_of: copyOf }) : await createContainer(ctx, body.item);
      ctx.reply.code(201);
      return { item };
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/containers/:id',
      summary: 'Rename or move a binder or folder; item_type 3 moves a P&P',
      schema: { params: ById, body: UpdateContainerBody, response: { 200: ContainerItemResponse } },
    },
    async (ctx, { params, body }) => ({ item: await updateNode(ctx, params.id, body.item) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'DELETE',
      url: '/api/o/:org/containers/:id',
      summary: 'Delete a binder or folder (confirm=true when it is not empty)',
      schema: { params: ById, querystring: DeleteContainerQuery },
    },
    async (ctx, { params, query }) => {
      await deleteContainer(ctx, params.id, {
        confirm: query.confirm === true,
        ...(query.lock_version !== undefined ? { lockVersion: query.lock_version } : {}),
      });
      return undefined;
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/containers/:id/summary',
      summary: 'What a binder or folder holds (for the delete confirmation)',
      schema: { params: ById, response: { 200: ContainerSummary } },
    },
    async (ctx, { params }) => summarizeContainer(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/containers/:id/change_logs',
      summary: 'Change logs of a binder or folder',
      schema: { params: ById, response: { 200: ChangeLogList } },
    },
    async (ctx, { params }) => listContainerChangeLogs(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:pnpId/containers',
      summary: 'The binder and folders a P&P sits in, top down',
      schema: { params: z.object({ pnpId: IdParam }), response: { 200: PnpContainerPath } },
    },
    async (ctx, { params }) => listPnpContainerPath(ctx, params.pnpId),
  );
}
