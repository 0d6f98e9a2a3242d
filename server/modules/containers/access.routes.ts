import { z } from 'zod';
import {
  CandidateList,
  CandidatesQuery,
  FetchParticipantsQuery,
  Participants,
  ResetToParentBody,
  SetParticipantsBody,
} from '../../../shared/api/access';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { fetchParticipants, listAccessCandidates, resetToParent, setParticipants } from './access.service';

const ById = z.object({ id: IdParam });
const DEFAULT_CANDIDATE_LIMIT = 50;

/** Participants of binders, folders and P&Ps (spec §7 "o/{org}/access"); {id} is the object id. */
export function registerAccessRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/access/fetch_participants',
      summary: 'Effective participants of a binder (1), folder (2) or P&P (3), with where each comes from',
      schema: { querystring: FetchParticipantsQuery, response: { 200: Participants } },
    },
    async (ctx, { query }) => fetchParticipants(ctx, query.object_type, query.object_id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/access/candidates',
      summary: 'Users and groups to choose participants from',
      schema: { querystring: CandidatesQuery, response: { 200: CandidateList } },
    },
    async (ctx, { query }) => listAccessCandidates(ctx, query.q, query.limit ?? DEFAULT_CANDIDATE_LIMIT, query.type),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/o/:org/access/:id',
      summary: "Set a node's own participants (it then overrides its parent)",
      schema: { params: ById, body: SetParticipantsBody, response: { 200: Participants } },
    },
    async (ctx, { params, body }) => setParticipants(ctx, params.id, body),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/access/:id/reset_to_parent',
      summary: "Drop a node's overrides (subtree=true: also those below it)",
      schema: { params: ById, body: ResetToParentBody, response: { 200: Participants } },
    },
    async (ctx, { params, body }) => resetToParent(ctx, params.id, body),
  );
}
