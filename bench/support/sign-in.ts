// Signs a user in over HTTP, like a browser: GET sessions sets the CSRF cookie, the developer login
// sets the session cookie. The headers returned go on every request of the load.
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import { PASSWORD } from './fixture';

function remember(cookies: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

/**
 * Headers of a signed-in browser: the cookies, the CSRF header and the encodings it accepts. The
 * password is the api fixture's unless another fixture's is given.
 */
export async function signIn(baseUrl: string, login: string, password = PASSWORD): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  remember(cookies, await fetch(`${baseUrl}/api/sessions`));
  const res = await fetch(`${baseUrl}/api/auth/developer/login`, {
    method: 'POST',
    headers: {
      cookie: cookieHeader(),
      [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ credentials: { login, password } }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${login} failed: ${res.status} ${await res.text()}`);
  remember(cookies, res);
  return {
    cookie: cookieHeader(),
    [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '',
    'accept-encoding': 'br, gzip',
  };
}
