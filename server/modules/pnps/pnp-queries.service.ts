import { sql } from 'drizzle-orm';
import type { Pnp, PnpList } from '../../../shared/api/pnps';
import { DRAFT_STAGE_LABELS, PnpStatus, VersionStatus, type DraftStage } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { utcDate } from '../../platform/clock';
import { ObjectRole } from '../../../shared/domain/roles';
import { containersWithRoleSql, pnpVisibleCondition } from '../access/effective-access';
import { containerPath, findDocumentByStatus, getContainer } from './pnps.repo';
import { pnpStatusLabel, presentPnp } from './pnps.presenter';
import { loadPnpContext } from './workflow.context';
import { containerPaths } from './pnp-versions.service';
import { isoOfTimestamp } from '../../db/timestamps';

/** A reader who only sees published P&Ps learns nothing of drafts in progress. */
const withoutDraft = <
  T extends {
    works: boolean;
    draft_stage: number | null;
    draft_id: number | null;
    version_number: number | null;
    active_id: number | null;
  },
>(
  r: T,
): T => (r.works ? r : { ...r, draft_stage: null, draft_id: null });

/** One P&P with its versions' summary, participants and what the caller may do. */
export async function viewPnp(ctx: OrgCtx, pnpId: number): Promise<Pnp> {
  const c = await loadPnpContext(ctx, pnpId);
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, pnpId, VersionStatus.Active);
  const draft = await findDocumentByStatus(ctx.tx, ctx.orgId, pnpId, VersionStatus.Draft);
  const container = await getContainer(ctx.tx, ctx.orgId, c.pnp.containerId);
  const location = await containerPath(ctx.tx, ctx.orgId, c.pnp.containerId);
  return presentPnp(c, { active, draft }, { containerName: container.name, location }, utcDate(ctx.now));
}

export interface ListFilters {
  container_id?: number | undefined;
  status?: number | undefined;
  search?: string | undefined;
  page: number;
  per_page: number;
}

/**
 * GET pnps: the P&Ps the caller may see. Org admins see all; others see those they hold a working
 * role on (or own the binder or folder of) in any status, and published ones they are audience of
 * once their Active version is in effect (`decidePnp('view')`).
 */
export async function listPnps(ctx: OrgCtx, filters: ListFilters): Promise<PnpList> {
  const { orgId } = ctx;
  const userId = ctx.actor.userId;
  // Working on a P&P (a role other than Audience, or owning its binder or folder) shows its drafts;
  // any role shows it once published. Both are tested row by row against the materialised access
  // sources (ADR 0009), so the page walks the name index and stops at its last row.
  const ownsContainer = sql`p.container_id in (${containersWithRoleSql(orgId, userId, ObjectRole.Owner)})`;
  const works = ctx.actor.isAdmin
    ? sql`true`
    : sql`(${pnpVisibleCondition('p', orgId, userId, 'working')} or ${ownsContainer})`;
  // A scheduled publication (its Active version effective after today) is not yet its readers'.
  // Tested last (one probe of the Active version's index): a working role or no access at all
  // settles most rows before it.
  const inEffect = sql`not exists (select 1 from pnp_documents sd
     where sd.pnp_id = p.id and sd.org_id = ${orgId} and sd.status = ${VersionStatus.Active}
       and sd.effective_dt > ${utcDate(ctx.now)}::date)`;
  const visible = ctx.actor.isAdmin
    ? sql`true`
    : sql`(${works} or (p.status = ${PnpStatus.Published} and ${pnpVisibleCondition('p', orgId, userId)} and ${inEffect}))`;
  const conditions = [sql`p.org_id = ${orgId}`, visible];
  if (filters.container_id) conditions.push(sql`p.container_id = ${filters.container_id}`);
  if (filters.status) conditions.push(sql`p.status = ${filters.status}`);
  if (filters.search)
    conditions.push(sql`lower(p.name) like ${`%${filters.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<{
    id: number;
    name: string;
    description: string | null;
    status: number;
    container_id: number;
    draft_stage: number | null;
    version_number: number | null;
    effective_dt: string | null;
    review_dt: string | null;
    draft_id: number | null;
    active_id: number | null;
    updated_at: string | Date;
    works: boolean;
  }>(
    ctx.tx,
    // Only the page's rows join their versions.
    sql`with page as (
          select p.id, p.name, p.description, p.status, p.container_id, p.updated_at, ${works} as works
            from pnps p
           where ${where}
           order by lower(p.name), p.id
           limit ${filters.per_page} offset ${(filters.page - 1) * filters.per_page}
        )
        select p.*, dr.draft_stage, dr.id as draft_id, ac.id as active_id,
               coalesce(ac.version_number, dr.version_number) as version_number,
               ac.effective_dt::text as effective_dt, ac.review_dt::text as review_dt
          from page p
          left join pnp_documents dr on dr.org_id = ${orgId} and dr.pnp_id = p.id and dr.status = ${VersionStatus.Draft}
          left join pnp_documents ac on ac.org_id = ${orgId} and ac.pnp_id = p.id and ac.status = ${VersionStatus.Active}
         order by lower(p.name), p.id`,
  );
  const [counted] = await queryRows<{ total: number }>(
    ctx.tx,
    sql`select count(*)::int as total from pnps p where ${where}`,
  );
  const locations = await containerPaths(ctx, [...new Set(rows.map((r) => Number(r.container_id)))]);
  return {
    pnps: rows
      .map((r) => withoutDraft(r))
      .map((r) => ({
        id: Number(r.id),
        name: r.name,
        description: r.description,
        status: Number(r.status),
        status_label: pnpStatusLabel(Number(r.status)),
        container_id: Number(r.container_id),
        location: locations.get(Number(r.container_id)) ?? '',
        draft_status: r.draft_stage === null ? null : Number(r.draft_stage),
        draft_status_label:
          r.draft_stage === null ? null : (DRAFT_STAGE_LABELS[Number(r.draft_stage) as DraftStage] ?? null),
        version_number: r.version_number === null ? null : Number(r.version_number),
        effective_dt: r.effective_dt,
        review_dt: r.review_dt,
        current_document_id:
          r.draft_id !== null ? Number(r.draft_id) : r.active_id !== null ? Number(r.active_id) : null,
        updated_at: isoOfTimestamp(r.updated_at),
      })),
    total: Number(counted?.total ?? 0),
    page: filters.page,
    per_page: filters.per_page,
  };
}
