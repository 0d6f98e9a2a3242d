import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type Account, type KoaContext } from 'oidc-provider';

/**
 * An OpenID provider for tests (server tests and browser tests): oidc-provider started in-process,
 * one issuer per "directory" the way Azure AD has one per tenant
 * ({base}/{directory}/v2.0), all sharing one signing key as Microsoft's tenants do (so only the
 * issuer and the tid claim tell them apart). Its own sign-in page (devInteractions) accepts any
 * login and password; the login becomes the account. ID tokens carry Azure's tid and oid.
 *
 * `tamper` lets a test change the next ID tokens (audience, nonce, expiry, issuer) and re-sign them
 * with the real key: what a hostile or broken IdP could send, which our callback must refuse.
 */

export interface PeerClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

export interface OidcPeer {
  /** http://127.0.0.1:{port}: Azure's token_base_url for the stand-in. */
  baseUrl: string;
  /** The issuer of a directory: {baseUrl}/{directory}/v2.0. */
  issuer(directory: string): string;
  /** Adds a client (an organisation's app registration) to a directory. */
  addClient(directory: string, client: PeerClient): Promise<void>;
  /** The oid the peer gives an account (a login). */
  oidOf(login: string): string;
  /** Changes the claims of the ID tokens issued from now on (null: stop tampering). */
  tamper: ((claims: Record<string, unknown>, peer: OidcPeer) => Record<string, unknown>) | null;
  /** The groups claim of a login (an IdP group membership); no entry: no groups claim at all. */
  groups: Map<string, string[]>;
  /** Where the groups claim goes: in the ID token (Azure's way, the default) or in userinfo only. */
  groupsIn: 'id_token' | 'userinfo';
  /** Signs claims with the peer's key: a token that looks as if the peer issued it. */
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const guidOf = (value: string): string => {
  const h = createHash('sha256').update(value).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

function accountClaims(directory: string, login: string): Record<string, unknown> {
  const local = login.includes('@') ? login.split('@')[0]! : login;
  const parts = local.split(/[._-]+/).filter(Boolean);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const given = cap(parts[0] ?? local);
  const family = parts.slice(1).map(cap).join(' ');
  const email = login.includes('@') ? login : `${login}@hospital.example`;
  const oid = guidOf(login);
  return {
    // Azure's sub is pairwise per application; oid is the person in the directory.
    sub: guidOf(`sub:${directory}:${login}`),
    tid: directory,
    oid,
    email,
    email_verified: true,
    preferred_username: email,
    name: [given, family].filter(Boolean).join(' '),
    given_name: given,
    family_name: family,
  };
}

export async function startOidcPeer(): Promise<OidcPeer> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'peer-key-1', alg: 'RS256', use: 'sig' };
  const providers = new Map<string, { provider: Provider; clients: PeerClient[] }>();
  let baseUrl = '';

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    for (const [prefix, entry] of providers) {
      if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
        // Mounted under its issuer's path: the provider routes on the rest and builds its
        // addresses from the original URL.
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
        req.url = url.slice(prefix.length) || '/';
        entry.provider.callback()(req, res);
        return;
      }
    }
    res.statusCode = 404;
    res.end('not found');
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: OidcPeer = {
    baseUrl,
    issuer: (directory) => `${baseUrl}/${directory}/v2.0`,
    oidOf: (login) => guidOf(login),
    tamper: null,
    groups: new Map(),
    groupsIn: 'id_token',
    sign: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'JWT' }).sign(privateKey),
    addClient(directory, client) {
      const prefix = `/${directory}/v2.0`;
      const existing = providers.get(prefix);
      const clients = [...(existing?.clients ?? []).filter((c) => c.client_id !== client.client_id), client];
      providers.set(prefix, { provider: makeProvider(directory, clients), clients });
      return Promise.resolve();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function makeProvider(directory: string, clients: PeerClient[]): Provider {
    const provider = new Provider(peer.issuer(directory), {
      clients: clients.map((c) => ({
        ...c,
        post_logout_redirect_uris: c.post_logout_redirect_uris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      jwks: { keys: [jwk] },
      cookies: { keys: ['peer-cookie-key-for-tests-only'] },
      claims: {
        openid: ['sub', 'tid', 'oid', 'groups'],
        email: ['email', 'email_verified', 'preferred_username'],
        profile: ['name', 'given_name', 'family_name'],
      },
      // Azure puts the profile in the ID token; so does the stand-in.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      findAccount: (_ctx: unknown, id: string): Account => ({
        accountId: id,
        claims: (use: string) => {
          const groups = peer.groups.get(id);
          const here = groups !== undefined && (use === 'userinfo' || peer.groupsIn === 'id_token');
          return { ...accountClaims(directory, id), sub: id, ...(here ? { groups } : {}) };
        },
      }),
      // A first-party app: the person is not asked to consent.
      loadExistingGrant: async (ctx: KoaContext) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client?.clientId,
          accountId: ctx.oidc.session?.accountId,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | null;
      if (ctx.path === '/token' && ctx.method === 'POST' && peer.tamper && body && typeof body.id_token === 'string') {
        body.id_token = await peer.sign(peer.tamper(decodeJwt(body.id_token), peer));
      }
    });
    return provider;
  }

  return peer;
}

/**
 * Signs in at the peer without a browser: follows the authorization redirect to the peer's own
 * sign-in form, posts the login, and returns the address the peer sends the browser back to (our
 * callback with code, state and iss).
 */
export async function signInAtPeer(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== url.origin) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the peer answered ${res.status} without a form: ${html.slice(0, 300)}`);
    const posted = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
    });
    keep(posted);
    url = new URL(posted.headers.get('location')!, url);
  }
  throw new Error('the peer did not send the browser back');
}
