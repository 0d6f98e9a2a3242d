import { z } from 'zod';
import { Task, TaskActionBody, TaskActionResult, TaskList, TaskListQuery } from '../../../shared/api/tasks';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { trustedJson } from '../../http/trusted-response';
import { registerDelegationRoutes } from '../delegation/delegation.routes';
import { actOnTask, getOneTask, listTasks } from './tasks.service';

const ById = z.object({ id: IdParam });

/** Tasks (issue 12): the list, the actions taken from it, delegation while away. */
export function registerTaskModule(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/tasks',
      summary: "The caller's tasks, newest first, by kind, status and due date, one page at a time",
      schema: { querystring: TaskListQuery, response: { 200: TaskList } },
      readsDelegators: true,
    },
    async (ctx, { query }) => trustedJson(ctx.deps.config, ctx.reply, TaskList, await listTasks(ctx, query)),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/tasks/:id',
      summary: 'One of the caller’s tasks',
      schema: { params: ById, response: { 200: z.object({ task: Task }) } },
    },
    async (ctx, { params }) => ({ task: await getOneTask(ctx, params.id) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/tasks/:id',
      summary:
        "A task's action: Submit, Accept, Decline, Approve, Publish (with its dates), SendToAuthors, StartReview, Extend",
      schema: { params: ById, body: TaskActionBody, response: { 200: TaskActionResult } },
    },
    async (ctx, { params, body }) => actOnTask(ctx, params.id, body),
  );

  registerDelegationRoutes(app, deps);
}
