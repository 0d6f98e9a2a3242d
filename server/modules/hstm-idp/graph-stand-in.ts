import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the Microsoft identity platform and Graph users delta, for tests: a token
 * endpoint (client credentials, secret 'good-secret'), `/v1.0/users?$top=1`, and `/v1.0/users/delta`
 * answering `pages` on the first read (linked by @odata.nextLink, the last with @odata.deltaLink)
 * and `changes` when called with the delta token it gave.
 */
export interface GraphStandIn {
  url: string;
  graphBaseUrl: string;
  tokenBaseUrl: string;
  /** Each request's path and query, in order. */
  requests: string[];
  /** Users of the first full read, one list per page. */
  pages: Record<string, unknown>[][];
  /** Users of the next delta read. */
  changes: Record<string, unknown>[];
  /** Milliseconds each users-delta answer waits (a slow directory keeps a run 'running'). */
  delayMs: number;
  close(): Promise<void>;
}

export const STAND_IN_SECRET = 'good-secret';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGraphStandIn(): Promise<GraphStandIn> {
  const state: GraphStandIn = {
    url: '',
    graphBaseUrl: '',
    tokenBaseUrl: '',
    requests: [],
    pages: [],
    changes: [],
    delayMs: 0,
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', state.url);
      state.requests.push(`${req.method} ${url.pathname}${url.search}`);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(url.pathname)) {
        const form = new URLSearchParams(await bodyOf(req));
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== STAND_IN_SECRET) {
          return json(401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret provided.',
          });
        }
        return json(200, { token_type: 'Bearer', expires_in: 3599, access_token: 'stand-in-token' });
      }
      if (req.headers.authorization !== 'Bearer stand-in-token') {
        return json(401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
      }
      if (url.pathname === '/v1.0/users') {
        return json(200, { value: (state.pages[0] ?? []).slice(0, 1) });
      }
      if (url.pathname === '/v1.0/users/delta') {
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        const deltaLink = `${state.graphBaseUrl}/users/delta?$deltatoken=next-${state.requests.length}`;
        if (url.searchParams.has('$deltatoken'))
          return json(200, { value: state.changes, '@odata.deltaLink': deltaLink });
        const page = Number(url.searchParams.get('$skiptoken') ?? '0');
        const last = page >= state.pages.length - 1;
        return json(200, {
          value: state.pages[page] ?? [],
          ...(last
            ? { '@odata.deltaLink': deltaLink }
            : { '@odata.nextLink': `${state.graphBaseUrl}/users/delta?$skiptoken=${page + 1}` }),
        });
      }
      return json(404, { error: { code: 'NotFound', message: 'Not found' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;
  state.graphBaseUrl = `${state.url}/v1.0`;
  state.tokenBaseUrl = state.url;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}

/** A Graph user as the users list shows one. */
export const graphUser = (
  id: string,
  given: string,
  surname: string,
  upn: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  displayName: `${given} ${surname}`,
  givenName: given,
  surname,
  mail: upn,
  userPrincipalName: upn,
  accountEnabled: true,
  ...extra,
});
