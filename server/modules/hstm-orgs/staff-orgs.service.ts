import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORG_SYSTEM_GROUP,
  OrgMessages,
  locationName,
  type NewOrgInput,
  type Org,
  type OrgDetail,
  type OrgList,
  type OrgListQuery,
  type OrgUpdateInput,
  type ProviderTemplateList,
} from '../../../shared/api/hstm-orgs';
import {
  IDP_PROVIDER_LABELS,
  IdpProvider,
  ORG_STATUS_LABELS,
  SYSTEM_GROUP_SOURCE,
} from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { organizations, orgTemplates, sessions, templateSources, templates, userGroups } from '../../db/schema/index';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { StaffCtx } from '../../http/routes';
import { containsPattern } from '../../db/like';

type Row = typeof organizations.$inferSelect;
type ListQuery = z.output<typeof OrgListQuery>;

export function presentOrg(row: Row): Org {
  return {
    id: row.id,
    name: row.name,
    tenant: row.tenant,
    location: row.location,
    location_name: locationName(row.location),
    status: row.status,
    status_label: ORG_STATUS_LABELS[row.status as keyof typeof ORG_STATUS_LABELS] ?? String(row.status),
    idp_provider: row.idpProvider,
    idp_label: row.idpProvider
      ? (IDP_PROVIDER_LABELS[row.idpProvider as keyof typeof IDP_PROVIDER_LABELS] ?? row.idpProvider)
      : null,
    token_timeout: row.tokenTimeout,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const SORT_COLUMNS = {
  name: sql`lower(${organizations.name})`,
  tenant: sql`lower(${organizations.tenant})`,
  location: organizations.location,
  status: organizations.status,
  idp_provider: organizations.idpProvider,
  created_at: organizations.createdAt,
} as const;

export async function listOrgs(ctx: StaffCtx, q: ListQuery): Promise<OrgList> {
  const where: SQL[] = [];
  if (q.status !== undefined) where.push(eq(organizations.status, q.status));
  if (q.idp !== undefined) where.push(eq(organizations.idpProvider, q.idp));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(or(ilike(organizations.name, like), ilike(organizations.tenant, like))!);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const order = q.dir === 'desc' ? desc(SORT_COLUMNS[q.sort]) : asc(SORT_COLUMNS[q.sort]);
  const rows = await ctx.tx
    .select()
    .from(organizations)
    .where(condition)
    .orderBy(order, asc(organizations.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [count] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(organizations)
    .where(condition);
  return { organizations: rows.map(presentOrg), total: Number(count?.n ?? 0), page: q.page, per_page: q.per_page };
}

async function getOrg(db: Executor, id: number, lock = false): Promise<Row> {
  const query = db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('The organization');
  return row;
}

async function templateIdsOf(db: Executor, orgId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orgTemplates.templateId })
    .from(orgTemplates)
    .where(eq(orgTemplates.orgId, orgId))
    .orderBy(asc(orgTemplates.templateId));
  return rows.map((r) => r.id);
}

async function detail(db: Executor, row: Row): Promise<OrgDetail> {
  return { ...presentOrg(row), template_ids: await templateIdsOf(db, row.id) };
}

export async function showOrg(ctx: StaffCtx, id: number): Promise<OrgDetail> {
  return detail(ctx.tx, await getOrg(ctx.tx, id));
}

/** Tenant keys are unique whatever their case (the unique index is on lower(tenant)). */
async function refuseTakenTenant(db: Executor, tenant: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.tenant}) = lower(${tenant})`,
        exceptId !== undefined ? ne(organizations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw conflict(OrgMessages.tenantTaken(tenant));
}

/** Replaces the templates the organisation may use; unknown ids are refused, with their numbers. */
async function setTemplates(ctx: StaffCtx, orgId: number, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) {
    const found = await ctx.tx.select({ id: templates.id }).from(templates).where(inArray(templates.id, wanted));
    const missing = wanted.filter((w) => !found.some((f) => f.id === w));
    if (missing.length > 0) throw unprocessable(OrgMessages.templatesMissing(missing));
  }
  const current = await templateIdsOf(ctx.tx, orgId);
  const removed = current.filter((c) => !wanted.includes(c));
  const added = wanted.filter((w) => !current.includes(w));
  if (removed.length > 0)
    await ctx.tx
      .delete(orgTemplates)
      .where(and(eq(orgTemplates.orgId, orgId), inArray(orgTemplates.templateId, removed)));
  if (added.length > 0)
    await ctx.tx.insert(orgTemplates).values(added.map((templateId) => ({ orgId, templateId, createdAt: ctx.now })));
}

/** A race between two creations with the same key ends at the unique index: answered as 409 too. */
function isTenantUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'organizations_tenant_key')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A new organisation is usable at once: it gets the system group every organisation has (the
 * demo's 'All Staff') and the hStream sign-in source, in the same transaction as the row.
 */
export async function createOrg(ctx: StaffCtx, input: NewOrgInput, templateIds?: number[]): Promise<OrgDetail> {
  await refuseTakenTenant(ctx.tx, input.tenant);
  let row: Row;
  try {
    const [inserted] = await ctx.tx
      .insert(organizations)
      .values({
        name: input.name,
        tenant: input.tenant,
        location: input.location ?? null,
        status: input.status,
        tokenTimeout: input.token_timeout,
        idpProvider: IdpProvider.HStream,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    row = inserted!;
  } catch (error) {
    if (isTenantUniqueViolation(error)) throw conflict(OrgMessages.tenantTaken(input.tenant));
    throw error;
  }
  await ctx.tx.insert(userGroups).values({
    orgId: row.id,
    name: ORG_SYSTEM_GROUP,
    description: 'Everyone in the organization',
    createdBySource: SYSTEM_GROUP_SOURCE,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  if (templateIds !== undefined) await setTemplates(ctx, row.id, templateIds);
  return detail(ctx.tx, row);
}

export async function updateOrg(
  ctx: StaffCtx,
  id: number,
  input: OrgUpdateInput,
  templateIds?: number[],
): Promise<OrgDetail> {
  const row = await getOrg(ctx.tx, id, true);
  if (input.tenant !== undefined && input.tenant !== row.tenant.toLowerCase())
    await refuseTakenTenant(ctx.tx, input.tenant, id);
  let updated: Row = row;
  if (Object.keys(input).length > 0) {
    try {
      const [next] = await ctx.tx
        .update(organizations)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.tenant !== undefined ? { tenant: input.tenant } : {}),
          ...(input.location !== undefined ? { location: input.location } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.token_timeout !== undefined ? { tokenTimeout: input.token_timeout } : {}),
          updatedAt: ctx.now,
        })
        .where(eq(organizations.id, id))
        .returning();
      updated = next!;
    } catch (error) {
      if (isTenantUniqueViolation(error)) throw conflict(OrgMessages.tenantTaken(input.tenant ?? row.tenant));
      throw error;
    }
  }
  if (input.token_timeout !== undefined && input.token_timeout !== row.tokenTimeout)
    await followSessionTimeout(ctx, id, input.token_timeout);
  if (templateIds !== undefined) await setTemplates(ctx, id, templateIds);
  return detail(ctx.tx, updated);
}

/**
 * A session keeps the idle timeout its organisation had when it was opened (it is read with the
 * session on every request). So a new timeout is written into the organisation's open sessions too,
 * login-as sessions among them: staff who shorten it because sessions stay open too long mean the
 * ones open now, which would otherwise keep the old timeout for up to their whole lifetime. A session
 * idle for longer than the new timeout ends at its next request.
 */
async function followSessionTimeout(ctx: StaffCtx, orgId: number, minutes: number): Promise<void> {
  await ctx.tx.update(sessions).set({ idleTimeoutMinutes: minutes }).where(eq(sessions.orgId, orgId));
}

/** The provider template library: every template with the name of its source. */
export async function listProviderTemplates(ctx: StaffCtx): Promise<ProviderTemplateList> {
  const rows = await ctx.tx
    .select({
      id: templates.id,
      name: templates.name,
      description: templates.description,
      source: templateSources.name,
    })
    .from(templates)
    .innerJoin(templateSources, eq(templateSources.id, templates.sourceId))
    .orderBy(asc(templateSources.name), asc(sql`lower(${templates.name})`), asc(templates.id));
  return { pnp_templates: rows };
}
