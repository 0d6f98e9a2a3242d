import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema/index';

export interface Mail {
  orgId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every e-mail is written to the outbox in the caller's transaction (so it is sent only if the
 * change commits); the mail job delivers pending rows over SMTP when SMTP_URL is configured.
 */
export async function enqueueMail(db: Executor, mail: Mail): Promise<void> {
  await enqueueMails(db, [mail]);
}

/** Many e-mails in one statement (a bulk invitation's batch); nothing when there are none. */
export async function enqueueMails(db: Executor, mails: readonly Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map((mail) => ({
      orgId: mail.orgId,
      toAddress: mail.to,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html ?? null,
    })),
  );
}
