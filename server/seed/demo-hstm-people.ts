import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
];

/**
 * The staff area's people on first start (issue 14): a second staff user (org management and
 * developer tools) still waiting to set a password, hStream ids on the demo organisation's users,
 * and a week of past visits for each of them, one of which a staff user made through login-as.
 * Runs in the demo organisation's system transaction; each part does nothing when already there.
 */
export async function seedDemoHstmPeople(tx: Tx, orgId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into hstm_users (name, email, username, permissions, status)
    select 'Olive Ops', 'olive.ops@example.com', 'olive.ops', '3 5', 1
    where not exists (select 1 from hstm_users where lower(username) = 'olive.ops' or lower(email) = 'olive.ops@example.com')
      and not exists (select 1 from org_users where lower(username) = 'olive.ops')`);
  await tx.execute(sql`
    update org_users set hstream_id = 'HS-' || lpad(id::text, 6, '0')
    where org_id = ${orgId} and hstream_id is null and status <> -1`);

  const [visited] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from visitor_logs where org_id = ${orgId}`,
  );
  if ((visited?.n ?? 0) > 0) return;
  const users = await queryRows<{ id: number }>(
    tx,
    sql`select id from org_users where org_id = ${orgId} and status = 1 order by id limit 20`,
  );
  const [staff] = await queryRows<{ id: number }>(
    tx,
    sql`select id from hstm_users where status = 1 and permissions ~ '(^| )4( |$)' order by id limit 1`,
  );
  const rows: { userId: number; sudoerId: number | null; ip: string; agent: string; at: Date; out: Date | null }[] = [];
  users.forEach((user, index) => {
    for (let day = 1; day <= 3; day += 1) {
      const at = new Date(now.getTime() - (day * 2 + (index % 3)) * DAY + (8 + index) * HOUR);
      rows.push({
        userId: user.id,
        sudoerId: null,
        ip: `10.20.${index}.${day + 10}`,
        agent: BROWSERS[(index + day) % BROWSERS.length]!,
        at,
        out: new Date(at.getTime() + HOUR),
      });
    }
  });
  const first = users[0];
  if (first && staff) {
    const at = new Date(now.getTime() - DAY);
    rows.push({ userId: first.id, sudoerId: staff.id, ip: '10.9.0.4', agent: BROWSERS[0]!, at, out: null });
  }
  for (const r of rows) {
    await tx.execute(sql`
      insert into visitor_logs (org_id, user_id, sudoer_id, ip, user_agent, signed_in_at, signed_out_at)
      values (${orgId}, ${r.userId}, ${r.sudoerId}, ${r.ip}, ${r.agent}, ${r.at}, ${r.out})`);
  }
}
