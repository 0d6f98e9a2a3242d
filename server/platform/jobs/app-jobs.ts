import type { Deps } from '../../http/deps';
import { withSystem } from '../../db/tenant';
import { fileCleanupJob } from '../../modules/files/file-cleanup';
import { processIdpSyncRuns } from '../../modules/hstm-idp/sync.service';
import { sendDailySummaries } from '../../modules/notifications/daily-summary';
import { mailNewNotifications } from '../../modules/notifications/mail-new-notifications';
import { exportSpoolSweepJob } from '../../modules/reporting/export-spool-sweep';
import { remindOpenAcknowledgements } from '../../modules/review-reminders/ack-reminders';
import { runReviewReminders } from '../../modules/review-reminders/review-reminders.service';
import { processReassignmentJobs } from '../../modules/user-bulk-assign/reassignment.job';
import { deliverPendingMail, type MailTransport } from '../mail-delivery';
import { JOB } from './job-names';
import type { JobDefinition } from './runner';

/** The queue names, for sending a job by hand (tests, developer tools). */
export { JOB };

/**
 * The jobs that run every minute are also sent when a process starts, for work a process killed
 * meanwhile left undone (a bulk reassignment it had taken, mail it was sending). Processes started
 * together send that job once among them; one restarted later must send its own. A window of a
 * minute dropped the start job of a process restarted within a minute of another's start, and a
 * reassignment the killed process had been running waited for the next minute's turn (the
 * reliability suite's kill-reassignment: done 23-68 s after the kill in half the tries, 6-7 s in
 * the others, alternately).
 */
export const MINUTELY_START_WINDOW_SECONDS = 5;

/**
 * Every background job of the application and when it runs (cron in UTC). The daily ones also run
 * at start, so a day the application was down is caught up; each is safe to run again.
 * `transport` is the SMTP transport when SMTP_URL is set: without it no delivery job exists and
 * mail stays pending in the outbox.
 */
export function applicationJobs(deps: Deps, transport: MailTransport | null): JobDefinition[] {
  const db = deps.database.db;
  const jobs: JobDefinition[] = [
    {
      name: JOB.reviewReminders,
      cron: '5 0 * * *',
      runAtStart: true,
      run: ({ now }) => runReviewReminders(db, now),
    },
    {
      name: JOB.ackReminders,
      cron: '0 7 * * *',
      runAtStart: true,
      run: ({ now }) => remindOpenAcknowledgements(db, now, deps.config.publicUrl),
    },
    {
      name: JOB.notificationMail,
      cron: '* * * * *',
      runAtStart: true,
      startWindowSeconds: MINUTELY_START_WINDOW_SECONDS,
      expireInSeconds: 5 * 60,
      run: async ({ now }) => ({ mails: await withSystem(db, (tx) => mailNewNotifications(tx, now)) }),
    },
    {
      name: JOB.dailySummaries,
      cron: '0 6 * * *',
      runAtStart: true,
      run: async ({ now }) => ({ mails: await withSystem(db, (tx) => sendDailySummaries(tx, now)) }),
    },
    fileCleanupJob(deps),
    exportSpoolSweepJob(deps),
    {
      // Bulk assignments too large for a request (issue 13): each queued run once, then an e-mail.
      name: JOB.bulkReassignment,
      cron: '* * * * *',
      runAtStart: true,
      startWindowSeconds: MINUTELY_START_WINDOW_SECONDS,
      expireInSeconds: 15 * 60,
      retryDelaySeconds: 10,
      run: ({ now, signal }) => processReassignmentJobs(db, now, signal),
    },
    {
      // Directory and HLC user syncs queued by staff (issue 14): each run once, then an e-mail.
      name: JOB.idpSync,
      cron: '* * * * *',
      runAtStart: true,
      startWindowSeconds: MINUTELY_START_WINDOW_SECONDS,
      expireInSeconds: 30 * 60,
      retryDelaySeconds: 10,
      run: ({ now, signal }) => processIdpSyncRuns(db, deps.config, now, signal),
    },
  ];
  if (transport) {
    jobs.push({
      name: JOB.mailDelivery,
      cron: '* * * * *',
      runAtStart: true,
      startWindowSeconds: MINUTELY_START_WINDOW_SECONDS,
      expireInSeconds: 10 * 60,
      // A failed row waits its own back-off in the outbox; the job itself retries soon.
      retryDelaySeconds: 10,
      run: ({ signal }) =>
        deliverPendingMail(db, transport, {
          from: deps.config.mailFrom,
          now: () => deps.clock.now(),
          signal,
          messageIdHost: new URL(deps.config.publicUrl).hostname,
        }),
    });
  }
  return jobs;
}
