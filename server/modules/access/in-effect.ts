import { sql, type SQL } from 'drizzle-orm';
import { VersionStatus } from '../../../shared/domain/statuses';

/**
 * Product rules: "A future effective date makes it scheduled: published, but shown in the library
 * only from that date." Its readers (Audience alone) see a scheduled P&P only from that date; working
 * roles see it throughout. This is that date rule in SQL, for the lists that show P&Ps to readers
 * (the library's lists, search and openings, the containers tree); `canSeePnp` and `decidePnp('view')`
 * decide it for one P&P in TypeScript (`isFutureDate`). `today` is the UTC date of the request,
 * 'yyyy-mm-dd', always a parameter: a statement kept by shape (shaped-sql.ts) never holds a day.
 */

/** The Active version row `version` (already joined) is in effect today: no effective date, or one not after today. */
export function versionInEffectSql(version: string, today: string): SQL {
  const v = sql.raw(version);
  return sql`(${v}.effective_dt is null or ${v}.effective_dt <= ${today}::date)`;
}

/**
 * The Active version row `version` is scheduled: effective after today. Bounded on both sides (no
 * stored date is 'infinity': dates are validated) so that a generic plan reads a narrow range of
 * pnp_documents_active_effective_idx (org_id, effective_dt where Active) rather than a third of it.
 */
export function versionScheduledSql(version: string, today: string): SQL {
  const v = sql.raw(version);
  return sql`${v}.effective_dt > ${today}::date and ${v}.effective_dt < 'infinity'::date`;
}

/** The Active status written into the statement: a generic plan matches a partial index only to a constant. */
const ACTIVE = sql.raw(String(VersionStatus.Active));

/**
 * The P&Ps of an organisation whose Active version is scheduled, as `select pnp_id`: their readers
 * may not see them yet. Read from pnp_documents_active_effective_idx, a range that is usually empty,
 * so a list of thousands of P&Ps tests each row against a small hashed set instead of probing each
 * row's Active version (`p.id not in (...)`; pnp_id is never null).
 */
export const scheduledPnpIdsSql = (orgId: number, today: string): SQL => sql`
  select sd.pnp_id from pnp_documents sd
   where sd.org_id = ${orgId} and sd.status = ${ACTIVE} and ${versionScheduledSql('sd', today)}`;
