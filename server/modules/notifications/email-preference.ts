import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_EMAIL_SUMMARY, EMAIL_SUMMARY_VALUES } from '../../../shared/api/self-settings';

/** The settings key of 'Email Summary preferences' in user_settings.settings. */
export const EMAIL_SUMMARY_KEY = 'ntfy_email_summary';

/**
 * A user's Email Summary preference as SQL, from a `user_settings` row aliased `alias` (left
 * joined: no row, or no valid value, means the default).
 */
export function emailSummarySql(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  const value = sql`${sql.raw(alias)}.settings ->> ${EMAIL_SUMMARY_KEY}`;
  const known = sql.join(
    EMAIL_SUMMARY_VALUES.map((v) => sql`${v}`),
    sql`, `,
  );
  return sql`(case when ${value} in (${known}) then ${value} else ${DEFAULT_EMAIL_SUMMARY} end)`;
}
