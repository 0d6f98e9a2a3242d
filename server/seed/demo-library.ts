import { sql } from 'drizzle-orm';
import { PnpStatus, UserStatus, VersionStatus } from '../../shared/domain/statuses';
import { queryRows, type Tx } from '../db/client';

/** How many P&Ps each demo user has starred. */
const FAVORITES_PER_USER = 3;
/** How many P&Ps each demo user opened in the last two weeks (their Recently Viewed). */
const RECENT_VIEWS_PER_USER = 6;

/**
 * What people did in the library before the demo's first start, so Favorites, Recently Viewed and
 * the Views by Version report show something for everyone:
 *
 * - each active user has starred a few published P&Ps they may read, and opened several of them
 *   in the last two weeks (the versions in force now);
 * - every version that was ever in force was opened by some of its readers while it was (a few
 *   days after it was published, before the next version replaced it).
 *
 * The P&Ps are picked by a fixed spread over users and P&Ps, so each user's differ. Runs in the
 * demo organisation's system transaction after the stories; does nothing when the organisation
 * already has favourites (a second start).
 */
export async function seedDemoLibraryActivity(tx: Tx, orgId: number, now: Date): Promise<void> {
  const [starred] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from library_favorites where org_id = ${orgId}`,
  );
  if ((starred?.n ?? 0) > 0) return;
  const at = now.toISOString();
  // Who may open a P&P in the library: an org admin any, others as their roles let them read it.
  const readable = sql`(u.is_admin or read_ack_user_sees_pnp(u.org_id, u.id, p.id))`;
  const readersAndPnps = sql`
    select u.id as user_id, p.id as pnp_id, d.id as document_id,
           row_number() over (partition by u.id order by (p.id * 7 + u.id * 13) % 37, p.id) as pick
      from org_users u
      join pnps p on p.org_id = u.org_id and p.status = ${PnpStatus.Published}
      join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${VersionStatus.Active}
     where u.org_id = ${orgId} and u.status = ${UserStatus.Active} and ${readable}
       and d.effective_dt <= ${at}::date`;

  await tx.execute(sql`
    insert into library_favorites (org_id, user_id, pnp_id, favorite, favorite_updated_at)
    select ${orgId}, r.user_id, r.pnp_id, true,
           ${at}::timestamptz - (r.pick * 5 + r.user_id % 3) * interval '1 day'
      from (${readersAndPnps}) r
     where r.pick <= ${FAVORITES_PER_USER}`);

  // The favourites were among what each user opened lately, with a few more: four days ago and
  // earlier, before the demo's pending read acknowledgements asked them (three days ago and since),
  // so a reader still has to open the document before Acknowledge is offered.
  await tx.execute(sql`
    insert into library_views (org_id, user_id, pnp_id, document_id, viewed_at)
    select ${orgId}, r.user_id, r.pnp_id, r.document_id,
           ${at}::timestamptz - (r.pick * 2 + 2 + r.user_id % 2) * interval '1 day' - (r.user_id % 5 + 1) * interval '1 hour'
      from (${readersAndPnps}) r
     where r.pick <= ${RECENT_VIEWS_PER_USER}`);

  // Each version ever in force, opened by about a third of its readers a few days after it was
  // published, before the next version replaced it.
  await tx.execute(sql`
    insert into library_views (org_id, user_id, pnp_id, document_id, viewed_at)
    select ${orgId}, u.id, v.pnp_id, v.id, v.published_at + (2 + u.id % 4) * interval '1 day'
      from (select d.id, d.pnp_id, d.published_at,
                   coalesce(lead(d.published_at) over (partition by d.pnp_id order by d.published_at), ${at}::timestamptz)
                     as replaced_at
              from pnp_documents d
             where d.org_id = ${orgId} and d.published_at is not null
               and d.status in (${VersionStatus.Active}, ${VersionStatus.Archived})) v
      join pnps p on p.org_id = ${orgId} and p.id = v.pnp_id
      join org_users u on u.org_id = p.org_id and u.status = ${UserStatus.Active}
     where (u.id + v.id) % 3 = 0 and ${readable}
       and v.published_at + (2 + u.id % 4) * interval '1 day' < v.replaced_at`);
}
