import { sql } from 'drizzle-orm';
import { formatDisplayDate } from '../../../shared/domain/dates';
import { OrgStatus, PnpStatus, ReadAckStatus, TaskKind, TaskStatus, UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Db } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { utcDate } from '../../platform/clock';
import { enqueueMail, type Mail } from '../../platform/mailer';

/** A reader is reminded from this many days before the due date (and every day after it). */
export const ACK_REMINDER_LEAD_DAYS = 3;

interface OpenAck {
  org_id: number;
  user_id: number;
  email: string;
  name: string;
  task_id: number;
  pnp_name: string;
  ack_name: string;
  due_dt: string;
}

export interface AckReminderResult {
  /** E-mails written to the outbox (one per reader and organisation). */
  mails: number;
  /** Open Acknowledge tasks they remind of. */
  tasks: number;
}

/**
 * Open Acknowledge tasks of Active read acknowledgements due within the lead days (or past due),
 * whose reader was not reminded yet today (UTC), readers who are active users with an address and
 * may still see the P&P, of a version already in effect, in an enabled organisation (a disabled or
 * locked one's readers are refused sign-in: the reminder's link would lead nowhere; the tasks stay
 * unreminded, so the reminders resume with the first daily run after it is enabled again).
 */
function openAcksToRemind(db: Db, now: Date): Promise<OpenAck[]> {
  const today = utcDate(now);
  const dayStart = `${today}T00:00:00.000Z`;
  return withSystem(db, (tx) =>
    queryRows<OpenAck>(
      tx,
      sql`select t.org_id, t.user_id, u.email, u.first_name || ' ' || u.last_name as name, t.id as task_id,
                 p.name as pnp_name, r.name as ack_name, r.due_dt::text as due_dt
            from tasks t
            join read_acknowledgements r on r.org_id = t.org_id and r.id = t.read_ack_id
            join pnps p on p.org_id = t.org_id and p.id = t.pnp_id
            join org_users u on u.org_id = t.org_id and u.id = t.user_id
            join organizations o on o.id = t.org_id and o.status = ${OrgStatus.Enabled}
           where t.kind = ${TaskKind.Acknowledge} and t.status = ${TaskStatus.Open}
             and r.status = ${ReadAckStatus.Active} and p.status <> ${PnpStatus.Retired}
             and r.due_dt is not null
             and r.due_dt <= ${today}::date + ${ACK_REMINDER_LEAD_DAYS}::integer
             and (t.reminded_at is null or t.reminded_at < ${dayStart}::timestamptz)
             and u.status = ${UserStatus.Active} and u.email <> ''
             -- A reader who can no longer see the P&P (their role on it was taken away after they
             -- were asked) cannot open it to acknowledge it: the read acknowledgement marks them,
             -- and a reminder would only send them to a document they are refused.
             and read_ack_user_sees_pnp(t.org_id, t.user_id, t.pnp_id)
             -- A version scheduled for a later effective date is not in the library yet: the reader
             -- could not open it to acknowledge it before that day.
             and not exists (select 1 from pnp_documents d
                              where d.org_id = t.org_id and d.id = t.document_id and d.effective_dt > ${today}::date)
           order by t.org_id, t.user_id, r.due_dt, t.id`,
    ),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One reminder listing everything a reader still has to read and acknowledge. */
export function composeAckReminder(publicUrl: string, acks: OpenAck[], today: string): Mail {
  const first = acks[0]!;
  const link = `${publicUrl}/orgs/${first.org_id}/tasks`;
  const line = (a: OpenAck): string =>
    `'${a.pnp_name}' (${a.ack_name}): ${a.due_dt < today ? 'overdue since' : 'due'} ${formatDisplayDate(a.due_dt)}`;
  const subject =
    acks.length === 1
      ? `Reminder: please read and acknowledge '${first.pnp_name}'`
      : `Reminder: ${acks.length} P&Ps to read and acknowledge`;
  const intro = `Hello ${first.name}, please read and acknowledge:`;
  return {
    orgId: first.org_id,
    to: first.email,
    subject: subject.length > 200 ? `${subject.slice(0, 199)}…` : subject,
    text: [intro, '', ...acks.map((a) => `- ${line(a)}`), '', `Open your tasks: ${link}`].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${acks.map((a) => `<li>${escapeHtml(line(a))}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(link)}">Open your tasks</a></p>`,
    ].join('\n'),
  };
}

/**
 * The daily acknowledgement reminder: each reader with open Acknowledge tasks near or past their
 * due date gets one e-mail (through the outbox) listing them; the tasks remember the reminder, so
 * a reader hears of them at most once a day however often the job runs.
 */
export async function remindOpenAcknowledgements(db: Db, now: Date, publicUrl: string): Promise<AckReminderResult> {
  const today = utcDate(now);
  const open = await openAcksToRemind(db, now);
  const byReader = new Map<string, OpenAck[]>();
  for (const ack of open) {
    const key = `${ack.org_id}:${ack.user_id}`;
    byReader.set(key, [...(byReader.get(key) ?? []), ack]);
  }
  const result: AckReminderResult = { mails: 0, tasks: 0 };
  for (const acks of byReader.values()) {
    const orgId = acks[0]!.org_id;
    const ids = sql.join(
      acks.map((a) => sql`${a.task_id}`),
      sql`, `,
    );
    await withTenant(db, orgId, async (tx) => {
      // Claimed in the same transaction as the e-mail: a second process finds them reminded.
      const claimed = await queryRows<{ id: number }>(
        tx,
        sql`update tasks set reminded_at = ${now.toISOString()}::timestamptz
             where org_id = ${orgId} and id in (${ids}) and status = ${TaskStatus.Open}
               and (reminded_at is null or reminded_at < ${`${today}T00:00:00.000Z`}::timestamptz)
         returning id`,
      );
      const still = acks.filter((a) => claimed.some((c) => c.id === a.task_id));
      if (still.length === 0) return;
      await enqueueMail(tx, composeAckReminder(publicUrl, still, today));
      result.mails += 1;
      result.tasks += still.length;
    });
  }
  return result;
}
