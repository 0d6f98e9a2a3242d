import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { bulkUploads } from '../db/schema/index';

const DAY = 24 * 3_600_000;
/** Before the oldest act of the demo's stories (a revised P&P begun 700 days ago). */
const IMPORTED_DAYS_AGO = 730;

/**
 * The demo's import history (issue 13): an upload refused for two bad rows (nothing imported), and
 * the corrected file accepted the next day with the demo's ordinary users. That import is how they
 * joined, so it is dated before the first thing the stories have them do (about two years ago);
 * their Created dates and logs follow it (demo-people.ts). Runs in
 * the demo organisation's system transaction; does nothing when the organisation already has an
 * upload of users (a second start) or no admin.
 */
export async function seedDemoUserImports(tx: Tx, orgId: number, now: Date): Promise<void> {
  const existing = await tx
    .select({ id: bulkUploads.id })
    .from(bulkUploads)
    .where(and(eq(bulkUploads.orgId, orgId), eq(bulkUploads.kind, 'users')))
    .limit(1);
  if (existing.length) return;
  const [admin] = await queryRows<{ id: number }>(
    tx,
    sql`select id from org_users where org_id = ${orgId} and is_admin and status = 1 order by id limit 1`,
  );
  if (!admin) return;
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from org_users where org_id = ${orgId} and not is_admin and status <> -1`,
  );
  const imported = Math.max(1, count?.n ?? 1);
  const refusedAt = new Date(now.getTime() - (IMPORTED_DAYS_AGO + 1) * DAY);
  const acceptedAt = new Date(now.getTime() - IMPORTED_DAYS_AGO * DAY);
  await tx.insert(bulkUploads).values([
    {
      orgId,
      kind: 'users',
      status: 'failed',
      total: imported,
      succeeded: 0,
      failed: 2,
      errors: {
        rows: [
          { row: 4, column: 'Email', message: "'nora.nurse@example' is not a valid e-mail address." },
          { row: 7, column: 'Username', message: "'sam.surgeon' is also on row 3; each user may appear once." },
        ],
        created: 0,
        updated: 0,
      },
      fileName: 'staff-onboarding.csv',
      createdBy: admin.id,
      createdAt: refusedAt,
      finishedAt: refusedAt,
    },
    {
      orgId,
      kind: 'users',
      status: 'completed',
      total: imported,
      succeeded: imported,
      failed: 0,
      errors: { rows: [], created: imported, updated: 0 },
      fileName: 'staff-onboarding-fixed.xlsx',
      createdBy: admin.id,
      createdAt: acceptedAt,
      finishedAt: acceptedAt,
    },
  ]);
}
