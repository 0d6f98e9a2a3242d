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
import { streamZip } from './reporting.export';
import { pnpInScope, reportScope } from './reporting.scope';
import { getReadAckDetail, getReport, type ParsedQuery } from './reporting.service';
import { getApprovalTurnaround } from './reporting.turnaround';

/** Downloads answer with the reply itself (already sent); JSON answers with the page. */
const answer = <T>(ctx: OrgCtx, page: T | null): T | OrgCtx['reply'] => page ?? ctx.reply;

/** Every version file of a retired P&P in scope, as one zip (404 when not retired or not in scope). */
async function downloadRetiredDocuments(ctx: OrgCtx, pnpId: number): Promise<OrgCtx['reply']> {
  const scope = await reportScope(ctx);
  const [pnp] = await queryRows<{ name: string }>(
    ctx.tx,
    sql`select p.name from pnps p
         where p.org_id = ${scope.orgId} and p.id = ${pnpId} and p.status = 3 and ${pnpInScope(scope, 'p')}`,
  );
  if (!pnp) throw notFound('The retired P&P');
  const files = await queryRows<{
    id: number;
    version_number: number | null;
    storage_key: string;
    original_name: string;
  }>(
    ctx.tx,
    sql`select d.id, d.version_number, f.storage_key, f.original_name
          from pnp_documents d join stored_files f on f.org_id = ${scope.orgId} and f.id = d.file_id
         where d.org_id = ${scope.orgId} and d.pnp_id = ${pnpId}
         order by d.version_number nulls last, d.id`,
  );
  // Entry names: the version, then the uploaded name without any path (never a way out of the folder).
  const entries = files.map((file) => {
    const base = (file.original_name.split(/[\\/]/).pop() ?? 'document').replace(/[^\w .()-]/g, '_') || 'document';
    const version = file.version_number === null ? `draft-${file.id}` : `v${file.version_number}`;
    return { name: `${version} - ${base}`, open: () => ctx.deps.files.stream(file.storage_key) };
  });
  await streamZip(ctx, `${pnp.name} - versions.zip`, entries);
  return ctx.reply;
}

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
