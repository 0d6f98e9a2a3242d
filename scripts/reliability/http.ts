// A signed-in browser, as far as the reliability suite needs one: cookies (the session and the CSRF
// token), the CSRF header on every request, JSON and multipart bodies, and a network failure
// reported as status 0 rather than thrown (a killed process is what the suite is about).
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';

export interface Answer<T = unknown> {
  /** The HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  /** The parsed JSON body as the caller expects it to be (not checked), or null when it was not JSON. */
  body: T | null;
  headers: Headers;
  bytes: Buffer;
  error?: string;
}

export const ok = (answer: { status: number }): boolean => answer.status >= 200 && answer.status < 300;

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  raw?: { bytes: Buffer; type: string };
  timeoutMs?: number;
}

/** The part of GET sessions the suite reads. */
export interface SessionBody {
  valid: boolean;
  org: { id: number } | null;
  user: { id: number } | null;
}

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(public base: string) {}

  /** The same cookies on another address (another process of the cluster). */
  on(base: string): Browser {
    const other = new Browser(base);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get csrf(): string {
    return this.cookies.get(CSRF_COOKIE) ?? '';
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { cookie: this.cookieHeader, [CSRF_HEADER]: this.csrf };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      headers['content-type'] = options.raw.type;
      body = new Uint8Array(options.raw.bytes);
    }
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
      });
      this.remember(res);
      const bytes = Buffer.from(await res.arrayBuffer());
      let parsed: unknown = null;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(bytes.toString('utf8'));
        } catch {
          parsed = null;
        }
      }
      return { status: res.status, body: parsed as T | null, headers: res.headers, bytes };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        status: 0,
        body: null,
        headers: new Headers(),
        bytes: Buffer.alloc(0),
        error: cause?.code ?? cause?.message ?? (error as Error).message,
      };
    }
  }

  get = <T = unknown>(path: string, options?: RequestOptions): Promise<Answer<T>> =>
    this.request<T>('GET', path, options);
  post = <T = unknown>(path: string, options?: RequestOptions): Promise<Answer<T>> =>
    this.request<T>('POST', path, options);
  delete = <T = unknown>(path: string, options?: RequestOptions): Promise<Answer<T>> =>
    this.request<T>('DELETE', path, options);

  /** Signs in like the web application: the session read first (CSRF cookie), then the developer login. */
  async signIn(login: string, password: string): Promise<{ orgId: number; userId: number }> {
    // Setting up, not measuring: a connection lost on the way (a process just restarted) is tried again.
    let res: Answer | null = null;
    for (let attempt = 0; attempt < 5 && (!res || [0, 502, 503].includes(res.status)); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      await this.get('/api/sessions');
      res = await this.post('/api/auth/developer/login', { json: { credentials: { login, password } } });
    }
    if (res?.status !== 200) {
      throw new Error(`sign-in of ${login} failed: ${res?.status} ${res?.error ?? ''} ${res?.bytes.toString()}`);
    }
    const session = await this.get<SessionBody>('/api/sessions');
    if (!session.body?.valid || !session.body.org || !session.body.user) {
      throw new Error(`the session of ${login} is not valid after sign-in`);
    }
    return { orgId: session.body.org.id, userId: session.body.user.id };
  }
}

/** The demo sign-ins the suite uses (server/seed/demo-users.ts). */
export const DEMO = {
  admin: { login: 'ada.admin', password: 'TenetAdmin2026' },
  reader: { login: 'nora.nurse', password: 'TenetUser2026' },
} as const;
