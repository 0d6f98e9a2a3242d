/**
 * The HTTP client of spec §7 and §8: same-origin requests with credentials, the CSRF header on
 * every non-GET/HEAD relative request, the loading indicator on every request but the version
 * file, and one global error handler (installed by the app) for what the caller does not handle.
 */
import { API_ROOT, CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { loader } from './loader';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: readonly string[],
    readonly customError: string | undefined,
    /** True when the global handler already told the user. */
    readonly handled: boolean,
    message: string,
    /** The answer's parsed body, for a caller that shows a passed-through status itself. */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  /** Statuses this caller shows itself; they skip the global handler. */
  readonly passThrough?: readonly number[];
  readonly signal?: AbortSignal;
  /** Made by the app on its own (a poll), not by the user: its failures never navigate away. */
  readonly background?: boolean;
}

export interface FailedRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly errors: readonly string[];
  readonly background?: boolean;
}

type GlobalErrorHandler = (failure: FailedRequest) => void;
let globalErrorHandler: GlobalErrorHandler = () => undefined;

/** The app installs the handler that turns failures into messages and navigation (spec §8). */
export function setGlobalErrorHandler(handler: GlobalErrorHandler): void {
  globalErrorHandler = handler;
}

/** Hands a failure to the global handler; for transports other than apiRequest (uploads). */
export function reportFailedRequest(failure: FailedRequest): void {
  globalErrorHandler(failure);
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function buildUrl(path: string, query?: Readonly<Record<string, QueryValue>>): string {
  const base =
    /^https?:\/\//.test(path) || path.startsWith(API_ROOT + '/') ? path : `${API_ROOT}/${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

function errorBody(body: unknown): { errors: string[]; customError: string | undefined } {
  if (typeof body !== 'object' || body === null) return { errors: [], customError: undefined };
  const b = body as { errors?: unknown; custom_error?: unknown };
  const errors = Array.isArray(b.errors) ? b.errors.filter((e): e is string => typeof e === 'string') : [];
  return { errors, customError: typeof b.custom_error === 'string' ? b.custom_error : undefined };
}

/**
 * The server hands out the CSRF cookie on any API response; a first write before any read (a fresh
 * tab posting straight away) asks for it once rather than fail with 403.
 */
async function primeCsrfCookie(): Promise<string | null> {
  try {
    await fetch(`${API_ROOT}/sessions`, { credentials: 'include' });
  } catch {
    // The write that follows reports the failure.
  }
  return readCookie(CSRF_COOKIE);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Spec §8: these failures reach the caller untouched. */
function passesThrough(status: number, customError: string | undefined, options: RequestOptions): boolean {
  return customError !== undefined || status === 0 || status === 406 || (options.passThrough ?? []).includes(status);
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const upper = method.toUpperCase();
  const isRelative = url.startsWith('/');
  if (upper !== 'GET' && upper !== 'HEAD' && isRelative) {
    const token = readCookie(CSRF_COOKIE) ?? (await primeCsrfCookie());
    if (token) headers[CSRF_HEADER] = token;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  loader.start();
  let status = 0;
  let parsed: unknown;
  try {
    const response = await fetch(url, { method: upper, headers, body, credentials: 'include', signal: options.signal });
    status = response.status;
    parsed = await readBody(response);
    if (response.ok) return parsed as T;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    status = status || 0;
  } finally {
    loader.stop();
  }

  const { errors, customError } = errorBody(parsed);
  if (passesThrough(status, customError, options)) {
    throw new ApiError(status, errors, customError, false, errors[0] ?? Messages.requestFailed, parsed);
  }
  reportFailedRequest({ method: upper, path, status, errors, background: options.background === true });
  throw new ApiError(status, errors, customError, true, Messages.requestFailed);
}

export const http = {
  get: <T>(path: string, options?: RequestOptions): Promise<T> => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions): Promise<T> => apiRequest<T>('DELETE', path, options),
};

/**
 * Spec §7: the version file, plain text with a timestamp against caches. It neither shows the
 * loading indicator nor reaches the global handler; any failure is '' (no update action).
 */
export async function fetchVersionFile(production: boolean): Promise<string> {
  const file = production ? '/version.txt' : '/dev-server-version.txt';
  try {
    const response = await fetch(`${file}?timestamp=${Date.now()}`, { credentials: 'include', cache: 'no-store' });
    if (!response.ok) return '';
    const text = (await response.text()).trim();
    // An SPA fallback answering with the HTML page is not a version.
    return text.length > 0 && text.length <= 64 && !text.includes('<') ? text : '';
  } catch {
    return '';
  }
}
