/**
 * Where a signed-out user was going, so that signing in takes them there (a notification e-mail's
 * link deep into the product, a session that ended on a page). Kept per tab: it survives the trip
 * through an identity provider's sign-in page, and another tab's sign-in does not take it.
 */
import { perTab } from './browser-storage';
import { isLoginScreen, isPublicPath } from './navigation';

const RETURN_PATH_KEY = 'return-path';
/** Any origin will do: a path is resolved against it only to see whether it stays on it. */
const PROBE_ORIGIN = 'https://tenet.invalid';

const hasControlCharacter = (text: string): boolean =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * The path itself when it is a same-origin path of a signed-in screen, else null. Anything that
 * could leave the product is refused (an open redirect): absolute and protocol-relative URLs
 * ('https://…', '//evil.example', '/\\evil.example'), other schemes, control characters. Sign-in
 * and other public screens are refused too: returning to them after signing in would go nowhere.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read '\' as '/' and drop tabs and newlines, so '/\evil.example' is '//evil.example'.
  if (raw.includes('\\') || hasControlCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (isPublicPath(url.pathname) || isLoginScreen(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Remembers where to go after the next sign-in (ignored when the path is not safe). */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) perTab.set(RETURN_PATH_KEY, safe);
}

/** The remembered place, forgotten as it is read: it serves one sign-in. */
export function takeReturnPath(): string | null {
  const stored = perTab.get(RETURN_PATH_KEY);
  perTab.remove(RETURN_PATH_KEY);
  return safeReturnPath(stored);
}

/** The page the browser shows now, as a path with its query and fragment. */
export function currentLocationPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
