import { z } from 'zod';
import {
  DelegateCandidateList,
  DelegateCandidatesQuery,
  DelegationBody,
  DelegationResponse,
} from '../../../shared/api/delegation';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { listDelegateCandidates } from './delegation.repo';
import { clearDelegation, getDelegation, orgUserId, setDelegation } from './delegation.service';

const ById = z.object({ id: IdParam });
const CANDIDATE_LIMIT = 50;

/** Delegation while away (issue 12, ADR 0011): one's own window, and an org admin's for anyone. */
export function registerDelegationRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/self/delegation',
      summary: "The caller's away window (active or to come), or null",
      schema: { response: { 200: DelegationResponse } },
    },
    async (ctx) => getDelegation(ctx, ctx.actor.userId),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/self/delegation',
      summary: "Sets the caller's away window: from, until, and who their tasks go to (replaces the one they had)",
      schema: { body: DelegationBody, response: { 200: DelegationResponse } },
    },
    async (ctx, { body }) => setDelegation(ctx, ctx.actor.userId, body.delegation, true),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'DELETE',
      url: '/api/self/delegation',
      summary: "Clears the caller's away window: their tasks stop going to the delegate",
      schema: {},
    },
    async (ctx) => {
      await clearDelegation(ctx, ctx.actor.userId);
    },
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/self/delegation/candidates',
      summary: 'Who the caller may hand their tasks to: active users of the organization but the caller',
      schema: { querystring: DelegateCandidatesQuery, response: { 200: DelegateCandidateList } },
    },
    async (ctx, { query }) => ({
      candidates: await listDelegateCandidates(
        ctx.tx,
        ctx.orgId,
        ctx.actor.userId,
        query.q || undefined,
        CANDIDATE_LIMIT,
      ),
    }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/users/:id/delegation',
      summary: "A user's away window (org admins)",
      adminOnly: true,
      schema: { params: ById, response: { 200: DelegationResponse } },
    },
    async (ctx, { params }) => getDelegation(ctx, await orgUserId(ctx, params.id)),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/users/:id/delegation',
      summary: "Sets a user's away window for them (org admins)",
      adminOnly: true,
      schema: { params: ById, body: DelegationBody, response: { 200: DelegationResponse } },
    },
    async (ctx, { params, body }) => setDelegation(ctx, await orgUserId(ctx, params.id), body.delegation, false),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'DELETE',
      url: '/api/o/:org/users/:id/delegation',
      summary: "Clears a user's away window (org admins)",
      adminOnly: true,
      schema: { params: ById },
    },
    async (ctx, { params }) => {
      await clearDelegation(ctx, await orgUserId(ctx, params.id));
    },
  );
}
