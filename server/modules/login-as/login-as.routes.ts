import { eq } from 'drizzle-orm';
import { SudoLoginRequest, SudoLoginResponse, SudoLoginUrl, SudoLoginUrlQuery } from '../../../shared/api/login-as';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { StaffPermission } from '../../../shared/domain/roles';
import { loginAsTokens } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { setCsrfCookie } from '../../http/csrf';
import type { Deps } from '../../http/deps';
import { AppError, forbidden, unauthorized } from '../../http/errors';
import { publicRoute, staffRoute, type App } from '../../http/routes';
import { sessionCookieOptions } from '../../http/session-context';
import { recordStaffAction } from '../../http/staff-action-log';
import { insertVisitorLog } from '../auth/auth.repo';
import { hashToken, insertSession, newToken } from '../auth/sessions.repo';
import { SUDOER_COOKIE } from '../auth/sudoer-cookie';
import { findTarget, LOGIN_AS_TTL_MS, LoginAsMessages, lockToken, refusal, tokenRefusal } from './login-as.service';

/** Login-as (spec §6 permission 4): a one-time link, then an org session that names its sudoer. */
export function registerLoginAsRoutes(app: App, deps: Deps): void {
  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/auth/developer/sudo_login_generate_url',
      summary: 'A one-time link that signs the staff user in as an org user',
      permission: StaffPermission.LoginAs,
      // It reads, but it hands out access to a tenant: the staff action log keeps it.
      audited: true,
      schema: { querystring: SudoLoginUrlQuery, response: { 200: SudoLoginUrl } },
    },
    async (ctx, { query }) => {
      const target = await findTarget(ctx.tx, query.user_id);
      const refused = refusal(target);
      if (refused || !target) throw refused ?? unauthorized();
      const token = newToken();
      await ctx.tx.insert(loginAsTokens).values({
        orgId: target.orgId,
        userId: target.userId,
        staffId: ctx.actor.staffId,
        tokenHash: hashToken(token),
        expiresAt: new Date(ctx.now.getTime() + LOGIN_AS_TTL_MS),
      });
      const name = encodeURIComponent(target.name || `user-${target.userId}`);
      return { url: `/hstm/login_as/${target.userId}/${name}?token=${encodeURIComponent(token)}` };
    },
  );

  publicRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/auth/developer/sudo_login',
      summary: "Trade a login-as link's token for the org user's session",
      rateLimitPerMinute: deps.config.loginRateLimitPerMinute,
      schema: { body: SudoLoginRequest, response: { 200: SudoLoginResponse } },
    },
    async (ctx, { body }) => {
      const actor = ctx.actor;
      if (!actor) throw unauthorized('Sign in as provider staff first, then open the link again.');
      // Login-as cannot be chained: only a staff session (never an org or login-as session) trades a link.
      if (actor.kind !== 'staff') throw forbidden(LoginAsMessages.chained);
      if (!actor.permissions.includes(StaffPermission.LoginAs)) {
        throw forbidden('You do not have the staff permission this needs.');
      }
      const staffToken = ctx.req.cookies[SESSION_COOKIE];
      const token = newToken();
      const csrfToken = newToken();
      const outcome = await withSystem(deps.database.db, async (tx): Promise<AppError | { orgId: number }> => {
        const row = await lockToken(tx, hashToken(body.token), body.user_id);
        const refusedToken = tokenRefusal(row, actor.staffId, ctx.now);
        // Whatever happens next, a link that was presented is spent.
        if (row && !row.usedAt)
          await tx.update(loginAsTokens).set({ usedAt: ctx.now }).where(eq(loginAsTokens.id, row.id));
        if (refusedToken || !row) return refusedToken ?? unauthorized();
        const target = await findTarget(tx, row.userId);
        const refusedTarget = refusal(target);
        if (refusedTarget || !target || target.orgId !== row.orgId) return refusedTarget ?? unauthorized();
        await insertSession(tx, {
          id: hashToken(token),
          kind: 'org',
          orgId: target.orgId,
          userId: target.userId,
          hstmUserId: null,
          sudoerId: actor.staffId,
          csrfToken,
          idleTimeoutMinutes: target.tokenTimeout,
          ip: ctx.ip,
          userAgent: ctx.req.headers['user-agent']?.slice(0, 512) ?? null,
          createdAt: ctx.now,
          lastSeenAt: ctx.now,
          expiresAt: new Date(ctx.now.getTime() + deps.config.sessionAbsoluteHours * 3_600_000),
        });
        await insertVisitorLog(tx, {
          orgId: target.orgId,
          userId: target.userId,
          sudoerId: actor.staffId,
          sessionId: hashToken(token),
          ip: ctx.ip,
          userAgent: ctx.req.headers['user-agent'] ?? null,
          at: ctx.now,
        });
        // Becoming an org user is the staff action that matters most, so it is logged with the
        // user and their organisation, in the transaction that opens the session. The link alone
        // is logged when it is made; this says it was used, and by whom.
        await recordStaffAction(tx, actor, ctx.req, { alsoActedOn: { org_id: target.orgId } });
        return { orgId: target.orgId };
      });
      if (outcome instanceof AppError) throw outcome;
      // The staff session stays alive: signing out of the login-as session returns to it.
      if (staffToken) ctx.reply.setCookie(SUDOER_COOKIE, staffToken, sessionCookieOptions(ctx.req));
      ctx.reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.req));
      setCsrfCookie(ctx.req, ctx.reply, csrfToken);
      return { redirect: `/orgs/${outcome.orgId}/pnps` };
    },
  );
}
