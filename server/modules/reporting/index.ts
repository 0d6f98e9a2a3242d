import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ApprovalTurnaround,
  DASH_FIGURES,
  DASH_TITLES,
  DashFigureResult,
  DashQuery,
  ReadAckDetailPage,
  REPORT_KEYS,
  REPORT_TITLES,
  ReportPage,
  ReportQuery,
  ReportUser,
  TurnaroundQuery,
} from '../../../shared/api/reporting';
import { queryRows } from '../../db/client';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { IdParam, orgRoute, type App, type OrgCtx } from '../../http/routes';
import { getDashFigure } from './reporting.dash';
import { downloadBinderEvidence, downloadPnpEvidence } from './reporting.evidence';
import { exportAnswer } from './reporting.export';
import { reportScope } from './reporting.scope';
import { downloadRetiredDocuments } from './reporting.retired';
import { getReadAckDetail, getReport, type ParsedQuery } from './reporting.service';
import { getApprovalTurnaround } from './reporting.turnaround';

/** JSON answers with the page; an export (no page) with its file, sent once the transaction has committed. */
const answer = <T>(ctx: OrgCtx, page: T | null): T | Readable => page ?? exportAnswer(ctx);

/** The name of a user of the organisation, for a report's User filter (404 for any other id). */
async function reportUser(ctx: OrgCtx, userId: number): Promise<ReportUser> {
  const scope = await reportScope(ctx);
  const [user] = await queryRows<ReportUser>(
    ctx.tx,
    sql`select u.id, (u.first_name || ' ' || u.last_name)::text as name, u.email::text as email
          from org_users u where u.org_id = ${scope.orgId} and u.id = ${userId}`,
  );
  if (!user) throw notFound('The user');
  return user;
}

/** Issue 15, reporting: the dashboard figures, the eight reports (page or export) and the retired P&P zip. */
export function registerReportingModule(app: App, deps: Deps): void {
  // One static route per figure and per report (the spec's paths): each is its own row in the route table.
  for (const figure of DASH_FIGURES) {
    orgRoute(
      app,
      deps,
      {
        method: 'GET',
        readsContainerOwnership: true,
        url: `/api/o/:org/reporting/dash/${figure}`,
        summary: `Reporting dashboard: ${DASH_TITLES[figure]}`,
        schema: { querystring: DashQuery, response: { 200: DashFigureResult } },
      },
      async (ctx, { query }) => getDashFigure(ctx, figure, query),
    );
  }

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      readsContainerOwnership: true,
      url: '/api/o/:org/reporting/read_acknowledgements/:id',
      summary: "One read acknowledgement's readers (page, or format=csv|xlsx for the whole list)",
      schema: { params: z.object({ id: IdParam }), querystring: ReportQuery, response: { 200: ReadAckDetailPage } },
    },
    async (ctx, { params, query }) => answer(ctx, await getReadAckDetail(ctx, params.id, query as ParsedQuery)),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      readsContainerOwnership: true,
      url: '/api/o/:org/reporting/users/:id',
      summary: "The name of the user a report's User filter names",
      schema: { params: z.object({ id: IdParam }), response: { 200: ReportUser } },
    },
    async (ctx, { params }) => reportUser(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      readsContainerOwnership: true,
      url: '/api/o/:org/reporting/retired_pnps/:pnpId/download_documents',
      summary: 'A zip of every version file of a retired P&P',
      schema: { params: z.object({ pnpId: IdParam }) },
    },
    async (ctx, { params }) => downloadRetiredDocuments(ctx, params.pnpId),
  );

  // Beyond the spec (issue 15): approval turnaround and the evidence bundles. A bundle handler
  // returns the zip's stream: its transaction (with the download's change-log entry) commits at once
  // and the zip is written afterwards (see zipAfterCommit).
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      readsContainerOwnership: true,
      url: '/api/o/:org/reporting/approval_turnaround',
      summary: 'Approval turnaround: median and 90th-percentile days per stage, binder and person; slowest open items',
      schema: { querystring: TurnaroundQuery, response: { 200: ApprovalTurnaround } },
    },
    async (ctx, { query }) => getApprovalTurnaround(ctx, query),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      readsContainerOwnership: true,
      url: '/api/o/:org/reporting/evidence/pnps/:pnpId',
      summary:
        "A P&P's evidence bundle (zip): every version's file, the history summary (PDF), read acknowledgements (CSV)",
      schema: { params: z.object({ pnpId: IdParam }) },
    },
    async (ctx, { params }) => downloadPnpEvidence(ctx, params.pnpId),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      readsContainerOwnership: true,
      url: '/api/o/:org/reporting/evidence/containers/:id',
      summary: "A binder's evidence bundle (zip): a folder per P&P the caller may see",
      schema: { params: z.object({ id: IdParam }) },
    },
    async (ctx, { params }) => downloadBinderEvidence(ctx, params.id),
  );

  for (const report of REPORT_KEYS) {
    orgRoute(
      app,
      deps,
      {
        method: 'GET',
        readsContainerOwnership: true,
        url: `/api/o/:org/reporting/${report}`,
        summary: `Report ${REPORT_TITLES[report]}: a page (JSON) or, with format=csv|xlsx, the whole filtered report`,
        schema: { querystring: ReportQuery, response: { 200: ReportPage } },
      },
      async (ctx, { query }) => answer(ctx, await getReport(ctx, report, query as ParsedQuery)),
    );
  }
}
