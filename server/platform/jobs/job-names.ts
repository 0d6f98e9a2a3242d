/** The background jobs' queue names (server/platform/jobs/app-jobs.ts defines what each runs). */
export const JOB = {
  reviewReminders: 'review-reminders',
  ackReminders: 'ack-reminders',
  notificationMail: 'notification-mail',
  dailySummaries: 'daily-summaries',
  mailDelivery: 'mail-delivery',
  fileCleanup: 'file-cleanup',
  exportSpoolSweep: 'export-spool-sweep',
  bulkReassignment: 'bulk-reassignment',
  idpSync: 'idp-sync',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];
