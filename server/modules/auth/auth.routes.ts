import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { LoginRequest, LogoutResponse, Session, TenantInfo, UrlResponse } from '../../../shared/api/sessions';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { text } from '../../../shared/api/primitives';
import { visitorLogs } from '../../db/schema/index';
import type { Tx } from '../../db/client';
import { withSystem } from '../../db/tenant';
import type { OrgActor } from '../../http/actor';
import { setCsrfCookie } from '../../http/csrf';
import type { Deps } from '../../http/deps';
import { notFound, unauthorized } from '../../http/errors';
import { publicRoute, type App, type PublicCtx } from '../../http/routes';
import { clearSessionCookie, loadActor, sessionCookieOptions } from '../../http/session-context';
import { describeSession, signIn } from './auth.service';
import { findOrgByTenant } from './auth.repo';
import { deleteSession, findSession, hashToken } from './sessions.repo';
import { SUDOER_COOKIE } from './sudoer-cookie';
import { idpLogoutUrl } from '../sso/logout';

const TenantParams = z.object({
  tenant: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'The organization key is not valid.'),
});

/**
 * Signing out of a login-as session returns to the staff user's own session when the browser still
 * holds it and it is still live and theirs; otherwise the browser is simply signed out.
 */
async function staffSessionToResume(ctx: PublicCtx): Promise<{ token: string; csrfToken: string } | null> {
  const actor = ctx.actor;
  const staffToken = ctx.req.cookies[SUDOER_COOKIE];
  if (!actor || actor.kind !== 'org' || !actor.sudoer || !staffToken) return null;
  const sudoerId = actor.sudoer.id;
  const row = await withSystem(ctx.deps.database.db, (tx) => findSession(tx, hashToken(staffToken)));
  if (!row || row.kind !== 'hstm' || row.hstmUserId !== sudoerId || row.expiresAt <= ctx.now) return null;
  return { token: staffToken, csrfToken: row.csrfToken };
}

/**
 * The visitor log this session opened gets its sign-out time; no other. A log written before logs
 * named their session (migration 0062) is found as it was then: the user's newest open one, now
 * also of the same sudoer, so a user's own sign-out never ends a staff member's login-as visit.
 */
async function closeVisitorLog(tx: Tx, actor: OrgActor, now: Date): Promise<void> {
  const mine = await tx
    .update(visitorLogs)
    .set({ signedOutAt: now })
    .where(
      and(
        eq(visitorLogs.orgId, actor.orgId),
        eq(visitorLogs.userId, actor.userId),
        eq(visitorLogs.sessionId, actor.sessionId),
        isNull(visitorLogs.signedOutAt),
      ),
    )
    .returning({ id: visitorLogs.id });
  if (mine.length > 0) return;
  const [older] = await tx
    .select({ id: visitorLogs.id })
    .from(visitorLogs)
    .where(
      and(
        eq(visitorLogs.orgId, actor.orgId),
        eq(visitorLogs.userId, actor.userId),
        isNull(visitorLogs.sessionId),
        actor.sudoer === null ? isNull(visitorLogs.sudoerId) : eq(visitorLogs.sudoerId, actor.sudoer.id),
        isNull(visitorLogs.signedOutAt),
      ),
    )
    .orderBy(desc(visitorLogs.signedInAt))
    .limit(1);
  if (older) await tx.update(visitorLogs).set({ signedOutAt: now }).where(eq(visitorLogs.id, older.id));
}

async function endSession(ctx: PublicCtx): Promise<void> {
  const actor = ctx.actor;
  const resume = await staffSessionToResume(ctx);
  if (ctx.req.cookies[SUDOER_COOKIE]) ctx.reply.clearCookie(SUDOER_COOKIE, sessionCookieOptions(ctx.req));
  if (actor) {
    await withSystem(ctx.deps.database.db, async (tx) => {
      await deleteSession(tx, actor.sessionId);
      if (actor.kind === 'org') await closeVisitorLog(tx, actor, ctx.now);
    });
  }
  if (resume) {
    ctx.reply.setCookie(SESSION_COOKIE, resume.token, sessionCookieOptions(ctx.req));
    setCsrfCookie(ctx.req, ctx.reply, resume.csrfToken);
  } else {
    clearSessionCookie(ctx.req, ctx.reply);
  }
}

export function registerAuthRoutes(app: App, deps: Deps): void {
  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/sessions',
      summary: 'The current session',
      describesSession: true,
      schema: { response: { 200: Session } },
    },
    async (ctx) => describeSession(deps, ctx.actor),
  );

  publicRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/auth/developer/login',
      summary: 'Sign in with a username or e-mail and a password',
      rateLimitPerMinute: deps.config.loginRateLimitPerMinute,
      describesSession: true,
      schema: { body: LoginRequest, response: { 200: Session } },
    },
    async (ctx, { body }) => {
      const signed = await signIn(deps, body, { ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? null });
      // Whatever session the browser presented (perhaps one planted by someone else) ends here:
      // the new session has a new id and a new CSRF token.
      const presented = ctx.actor;
      if (presented) await withSystem(deps.database.db, (tx) => deleteSession(tx, presented.sessionId));
      ctx.reply.setCookie(SESSION_COOKIE, signed.token, sessionCookieOptions(ctx.req));
      setCsrfCookie(ctx.req, ctx.reply, signed.csrfToken);
      // The new session is read back the way every later request will read it.
      ctx.req.cookies[SESSION_COOKIE] = signed.token;
      await loadActor(ctx.req, deps);
      return describeSession(deps, ctx.req.actor);
    },
  );

  publicRoute(app, deps, { method: 'DELETE', url: '/api/sessions', summary: 'Sign out', schema: {} }, async (ctx) => {
    await endSession(ctx);
    return undefined;
  });

  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant',
      summary: "An organization's sign-in page",
      schema: {
        params: TenantParams,
        querystring: z.object({ host: text().max(255).optional() }),
        response: { 200: TenantInfo },
      },
    },
    async (_ctx, { params }) => {
      const org = await withSystem(deps.database.db, (tx) => findOrgByTenant(tx, params.tenant));
      if (!org) throw notFound('The organization');
      return { tenant: org.tenant, name: org.name, idp_provider: org.idpProvider, login_url: `/t/${org.tenant}` };
    },
  );

  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant/logout',
      summary: "Sign out and return to the organization's sign-in page",
      schema: { params: TenantParams, response: { 200: LogoutResponse } },
    },
    async (ctx, { params }) => {
      const actor = ctx.actor;
      await endSession(ctx);
      // Our session ends first; single sign-on organisations then sign out at their IdP too.
      return { logoutUrl: (await idpLogoutUrl(deps, params.tenant, actor)) ?? `/t/${params.tenant}` };
    },
  );

  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/community/generate_url',
      summary: 'The URL of the user community',
      schema: { response: { 200: UrlResponse } },
    },
    (ctx) => {
      if (!ctx.actor) throw unauthorized();
      return Promise.resolve({ url: deps.config.communityUrl });
    },
  );
}
