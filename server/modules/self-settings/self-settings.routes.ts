import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_SUMMARY,
  EMAIL_SUMMARY_LABELS,
  EmailSummaryValue,
  SelfSettingsBody,
  SelfSettingsResponse,
  type UserSettings,
} from '../../../shared/api/self-settings';
import { userSettings } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { orgRoute, type App, type OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { EMAIL_SUMMARY_KEY } from '../notifications/email-preference';

/** The known settings with their defaults, from whatever the stored JSON holds. */
export function settingsOf(stored: unknown): UserSettings {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const summary = EmailSummaryValue.safeParse(record[EMAIL_SUMMARY_KEY]);
  return { ntfy_email_summary: summary.success ? summary.data : DEFAULT_EMAIL_SUMMARY };
}

async function readSettings(ctx: OrgCtx): Promise<UserSettings> {
  const [row] = await ctx.tx
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(and(eq(userSettings.orgId, ctx.orgId), eq(userSettings.userId, ctx.actor.userId)))
    .limit(1);
  return settingsOf(row?.settings);
}

/** GET/PUT self/settings (spec §7): the signed-in user's own preferences. */
export function registerSelfSettingsRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/self/settings',
      summary: "The caller's own settings ('Email Summary preferences')",
      schema: { response: { 200: SelfSettingsResponse } },
    },
    async (ctx) => ({ settings: await readSettings(ctx) }),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: '/api/self/settings',
      summary: "Changes the caller's own settings; the names not given keep their values",
      schema: { body: SelfSettingsBody, response: { 200: SelfSettingsResponse } },
    },
    async (ctx, { body }) => {
      const before = await readSettings(ctx);
      const changes: Record<string, unknown> = {};
      if (body.settings.ntfy_email_summary !== undefined) changes[EMAIL_SUMMARY_KEY] = body.settings.ntfy_email_summary;
      // One statement, merged into what is stored (other keys of the JSON are kept).
      await ctx.tx
        .insert(userSettings)
        .values({ orgId: ctx.orgId, userId: ctx.actor.userId, settings: changes, updatedAt: ctx.now })
        .onConflictDoUpdate({
          target: [userSettings.orgId, userSettings.userId],
          set: {
            settings: sql`${userSettings.settings} || ${JSON.stringify(changes)}::jsonb`,
            updatedAt: ctx.now,
          },
        });
      const after = await readSettings(ctx);
      // The user's change log shows it ('Email Summary preferences', spec §3 field labels).
      const changed: Record<string, [unknown, unknown]> = {};
      // In the words the Preferences screen uses ('Daily summary'), not the stored 'daily'.
      if (before.ntfy_email_summary !== after.ntfy_email_summary)
        changed[EMAIL_SUMMARY_KEY] = [
          EMAIL_SUMMARY_LABELS[before.ntfy_email_summary],
          EMAIL_SUMMARY_LABELS[after.ntfy_email_summary],
        ];
      if (Object.keys(changed).length > 0) {
        await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
          objectType: 'User',
          objectId: ctx.actor.userId,
          objectName: ctx.actor.name,
          actionName: 'Update',
          deltas: { changed },
        });
      }
      return { settings: after };
    },
  );
}
