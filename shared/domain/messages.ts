/** User-facing messages of spec §8, written once. */
export const Messages = {
  notAuthorizedRoute: 'You are not authorized to view this page',
  notAuthorizedHttp: 'You are not authorized to view this page.',
  unexpectedError: 'An unexpected error has occurred. Please try again later.',
  requestFailed: 'An unexpected error has occurred; please try again later.',
  wrongCredentials: 'Your login credentials are incorrect',
  loggedOutInactivity: 'You have been logged out due to inactivity',
  appUpdated: 'The application has been updated to the latest version',
  devVersionChanged:
    'The development version file changed; reload skipped to avoid a loop. Rebuild to load the new code.',
  recordCreated: 'Record created successfully!',
  recordUpdated: 'Record updated successfully!',
  recordDeleted: 'Record deleted successfully!',
  emailSent: 'Email sent successfully!',
  invitationSent: 'Invitation email sent to users.',
  invitationSentTitle: 'Email Sent',
  preferencesUpdated: 'Your preferences have been updated successfully!',
  syncStarted: 'Synchronization has started, you will receive an email once it has completed.',
  syncInProgress: 'Synchronization is still in progress, you will receive an email once it has completed.',
  processingAssignments: (n: number): string =>
    `Processing assignments on ${n} items. You will receive an email when the changes are complete.`,
  pnpBulkUploadWarning: 'If you do not see your recently uploaded P&Ps, please Refresh the P&P Management page.',
  userBulkUploadWarning: 'If you do not see your recently uploaded Users, please Refresh the Users page.',
  noRecordsHint: 'Try adjusting the filter options or using search',
  loadingTitle: 'Loading Records...',
  loadingSubtitle: 'Please wait.',
  orgDisabled: 'Your organization has been disabled. Please contact your administrator.',
  orgLocked: 'Your organization is locked. Please contact your administrator.',
  userInactive: 'Your account is inactive. Please contact your administrator.',
  accountLocked: (minutes: number): string =>
    `Too many failed sign-in attempts. Your account is locked for ${minutes} minutes.`,
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** The server's sentence for a request without a session, also shown when a poll finds one ended. */
  notSignedIn: 'You are not signed in.',
  csrfMissing: 'Your request could not be verified. Please reload the page and try again.',
} as const;
