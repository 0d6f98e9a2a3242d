import {
  MarkAsReadResponse,
  ReadAckBody,
  ReadAckIdParams,
  ReadAckList,
  ReadAckListQuery,
  ReadAckParams,
  ReadAckReaderPage,
  ReadAckReadersQuery,
  ReadAckResponse,
  ReadAckStatusCount,
  ReaderCandidateList,
  ReaderCandidatesQuery,
  UserHasAcknowledged,
} from '../../../shared/api/read-acks';
import type { Deps } from '../../http/deps';
import { orgRoute, type App } from '../../http/routes';
import {
  createReadAck,
  endReadAck,
  listReadAckReaders,
  listReadAcks,
  listReaderCandidates,
  markAsRead,
  readAckStatusCount,
  showReadAck,
  updateReadAck,
  userHasAcknowledged,
} from './read-acks.service';

const BASE = '/api/o/:org/pnps/:pnpId/read_acknowledgements';
const DEFAULT_CANDIDATE_LIMIT = 50;

/** Read acknowledgements beside the P&P routes (documented in docs/pnps.md). */
export function registerReadAckRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: BASE,
      summary:
        "A P&P's read acknowledgements with their readers' completion, the first page of readers each (OA, BO, Owner)",
      schema: { params: ReadAckParams, querystring: ReadAckListQuery, response: { 200: ReadAckList } },
    },
    (ctx, { params, query }) => listReadAcks(ctx, params.pnpId, query.status),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: BASE,
      summary: 'Ask readers to acknowledge the Active version: each gets an Acknowledge task (OA, BO, Owner)',
      schema: { params: ReadAckParams, body: ReadAckBody, response: { 201: ReadAckResponse } },
    },
    async (ctx, { params, body }) => {
      const read_acknowledgement = await createReadAck(ctx, params.pnpId, body.read_acknowledgement);
      void ctx.reply.code(201);
      return { read_acknowledgement };
    },
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/status_count`,
      summary: 'How many read acknowledgements of a P&P are Active, Closed and Canceled',
      schema: { params: ReadAckParams, response: { 200: ReadAckStatusCount } },
    },
    (ctx, { params }) => readAckStatusCount(ctx, params.pnpId),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/user_has_acknowledged`,
      summary: "The caller's pending acknowledgement of this P&P, if any, and whether they opened it",
      schema: { params: ReadAckParams, response: { 200: UserHasAcknowledged } },
    },
    (ctx, { params }) => userHasAcknowledged(ctx, params.pnpId),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/reader_candidates`,
      summary:
        'Users and groups to choose readers from, each saying why it cannot be one, if it cannot (OA, BO, Owner)',
      schema: { params: ReadAckParams, querystring: ReaderCandidatesQuery, response: { 200: ReaderCandidateList } },
    },
    (ctx, { params, query }) =>
      listReaderCandidates(ctx, params.pnpId, query.q, query.limit ?? DEFAULT_CANDIDATE_LIMIT),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'One read acknowledgement with its readers (OA, BO, Owner)',
      schema: { params: ReadAckIdParams, response: { 200: ReadAckResponse } },
    },
    async (ctx, { params }) => ({ read_acknowledgement: await showReadAck(ctx, params.pnpId, params.id) }),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/:id/readers`,
      summary:
        "One page of a read acknowledgement's readers, sorted by name, group, completion, acknowledged or version (OA, BO, Owner)",
      schema: { params: ReadAckIdParams, querystring: ReadAckReadersQuery, response: { 200: ReadAckReaderPage } },
    },
    (ctx, { params, query }) => listReadAckReaders(ctx, params.pnpId, params.id, query),
  );
  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: 'Edit an Active read acknowledgement: details and readers (OA, BO, Owner)',
      schema: { params: ReadAckIdParams, body: ReadAckBody, response: { 200: ReadAckResponse } },
    },
    async (ctx, { params, body }) => ({
      read_acknowledgement: await updateReadAck(ctx, params.pnpId, params.id, body.read_acknowledgement),
    }),
  );
  for (const how of ['cancel', 'close'] as const) {
    orgRoute(
      app,
      deps,
      {
        method: 'PUT',
        url: `${BASE}/:id/${how}`,
        summary:
          how === 'cancel'
            ? 'Cancel an Active read acknowledgement: open tasks are closed (OA, BO, Owner)'
            : 'Close an Active read acknowledgement before every reader has acknowledged (OA)',
        schema: { params: ReadAckIdParams, response: { 200: ReadAckResponse } },
      },
      async (ctx, { params }) => ({ read_acknowledgement: await endReadAck(ctx, params.pnpId, params.id, how) }),
    );
  }
  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:id/mark_as_read`,
      summary: 'The caller acknowledges the version they opened (their open Acknowledge task)',
      schema: { params: ReadAckIdParams, response: { 200: MarkAsReadResponse } },
    },
    (ctx, { params }) => markAsRead(ctx, params.pnpId, params.id),
  );
}
