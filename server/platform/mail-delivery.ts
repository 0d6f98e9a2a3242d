import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { queryRows, type Db } from '../db/client';
import { withSystem } from '../db/tenant';

/** One message handed to the transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID, so a receiving server can recognise the outbox row. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Every connection step waits at most this long: a dead server must not hold a job (or a shutdown). */
const SMTP_TIMEOUT_MS = 10_000;

/** nodemailer over SMTP; the URL carries host, port, credentials and smtps:// for implicit TLS. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: 3 * SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.messageId,
      });
    },
    close: () => transporter.close(),
  };
}

export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/**
 * A row still 'sending' after this long belongs to a process that died while talking to the SMTP
 * server: whether the message left is unknown, so it is marked failed rather than sent again.
 */
export const SENDING_STALE_MS = 10 * 60 * 1000;

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

export interface DeliveryOptions {
  from: string;
  /** The application clock (tests move it). */
  now: () => Date;
  /** Rows claimed per round trip. */
  batchSize?: number;
  /** Stops between messages (shutdown); the rest waits for the next run. */
  signal?: AbortSignal;
  /** The host of Message-IDs. */
  messageIdHost?: string;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/**
 * Claims due rows (never tried, or their back-off over): FOR UPDATE SKIP LOCKED lets two processes claim side by side without ever
 * taking the same row, and the claim (status 'sending') commits before anything is sent, so a row
 * is handed to SMTP by one process, once.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<ClaimedRow[]> {
  return withSystem(db, (tx) =>
    queryRows<ClaimedRow>(
      tx,
      sql`update mail_outbox o
             set status = 'sending', attempts = o.attempts + 1, claimed_at = ${now.toISOString()}::timestamptz
           where o.id in (select id from mail_outbox
                           where status = 'pending'
                             and (attempts = 0 or next_attempt_at <= ${now.toISOString()}::timestamptz)
                           order by id
                           limit ${limit}
                           for update skip locked)
       returning o.id, o.to_address, o.subject, o.body_text, o.body_html, o.attempts`,
    ),
  );
}

async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await withSystem(db, (tx) =>
    tx.execute(sql`update mail_outbox set status = 'sent', sent_at = ${now.toISOString()}::timestamptz,
                          last_error = null, claimed_at = null
                    where id = ${id} and status = 'sending'`),
  );
}

async function markFailedAttempt(db: Db, row: ClaimedRow, error: unknown, now: Date): Promise<'retried' | 'failed'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const final = row.attempts >= MAIL_MAX_ATTEMPTS;
  const next = new Date(now.getTime() + retryDelayMs(row.attempts));
  await withSystem(db, (tx) =>
    tx.execute(sql`update mail_outbox
                      set status = ${final ? 'failed' : 'pending'}, last_error = ${message}, claimed_at = null,
                          next_attempt_at = ${next.toISOString()}::timestamptz
                    where id = ${row.id} and status = 'sending'`),
  );
  return final ? 'failed' : 'retried';
}

/** Claimed rows not tried (a shutdown): pending again, the attempt not counted. */
async function releaseClaims(db: Db, rows: ClaimedRow[]): Promise<void> {
  const ids = sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  );
  await withSystem(db, (tx) =>
    tx.execute(sql`update mail_outbox set status = 'pending', attempts = attempts - 1, claimed_at = null
                    where id in (${ids}) and status = 'sending'`),
  );
}

/** Rows a dead process left in 'sending' become failed (never sent twice; staff see them). */
async function failStaleClaims(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SENDING_STALE_MS);
  const rows = await withSystem(db, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`update mail_outbox
             set status = 'failed', claimed_at = null,
                 last_error = 'Delivery was interrupted (the process stopped while sending); not sent again, to avoid a duplicate.'
           where status = 'sending' and claimed_at < ${cutoff.toISOString()}::timestamptz
       returning id`,
    ),
  );
  return rows.length;
}

/**
 * Delivers every due pending row of the outbox: sent, or retried later with exponential back-off,
 * or failed after MAIL_MAX_ATTEMPTS. Runs until nothing is due (or the signal stops it).
 */
export async function deliverPendingMail(
  db: Db,
  transport: MailTransport,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  result.failed += await failStaleClaims(db, options.now());
  const host = options.messageIdHost ?? 'tenet.localhost';
  for (;;) {
    if (options.signal?.aborted) return result;
    const batch = await claimDue(db, options.now(), options.batchSize ?? 20);
    if (batch.length === 0) return result;
    for (const [index, row] of batch.entries()) {
      if (options.signal?.aborted) {
        await releaseClaims(db, batch.slice(index));
        return result;
      }
      try {
        await transport.send({
          from: options.from,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          ...(row.body_html ? { html: row.body_html } : {}),
          messageId: `<outbox-${row.id}@${host}>`,
        });
        await markSent(db, row.id, options.now());
        result.sent += 1;
      } catch (error) {
        result[await markFailedAttempt(db, row, error, options.now())] += 1;
      }
    }
  }
}
