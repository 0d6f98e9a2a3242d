import { z } from 'zod';

/**
 * The user's own settings (GET/PUT self/settings, spec §7), kept in user_settings.settings.
 * ntfy_email_summary is shown as 'Email Summary preferences' (spec §3): an e-mail for every
 * notification at once, one daily summary of the previous day's, or none.
 */
export const EMAIL_SUMMARY_VALUES = ['immediately', 'daily', 'none'] as const;
export type EmailSummary = (typeof EMAIL_SUMMARY_VALUES)[number];
export const EMAIL_SUMMARY_LABELS: Record<EmailSummary, string> = {
  immediately: 'Immediately',
  daily: 'Daily summary',
  none: 'None',
};
/** Until a user chooses, notifications are e-mailed at once: work must reach people. */
export const DEFAULT_EMAIL_SUMMARY: EmailSummary = 'immediately';
export const EMAIL_SUMMARY_FIELD_LABEL = 'Email Summary preferences';

export const EmailSummaryValue = z.enum(EMAIL_SUMMARY_VALUES, {
  message: "ntfy_email_summary must be 'immediately', 'daily' or 'none'.",
});

export const UserSettings = z.object({ ntfy_email_summary: EmailSummaryValue });
export type UserSettings = z.infer<typeof UserSettings>;

export const SelfSettingsResponse = z.object({ settings: UserSettings });
export type SelfSettingsResponse = z.infer<typeof SelfSettingsResponse>;

/** PUT self/settings {settings}: the settings to change; unknown names are refused. */
export const SelfSettingsBody = z
  .object({
    settings: z
      .object({ ntfy_email_summary: EmailSummaryValue.optional() }, { message: 'settings must be an object.' })
      .strict(),
  })
  .strict();
export type SelfSettingsBody = z.infer<typeof SelfSettingsBody>;
