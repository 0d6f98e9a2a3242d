import { API_ROOT, CSRF_COOKIE, CSRF_HEADER } from '../../../../shared/api/errors';
import { Messages } from '../../../../shared/domain/messages';
import { ApiError, readCookie, reportFailedRequest } from '../../../lib/api-client';
import { loader } from '../../../lib/loader';

export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface UploadOptions {
  readonly onProgress?: (progress: UploadProgress) => void;
  /** Bulk upload stops the global loader itself after 3500 ms (spec §4, §9). */
  readonly showLoader?: boolean;
  readonly signal?: AbortSignal;
}

const errorsOf = (body: unknown): string[] => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
};

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress:
 * same-origin credentials and the CSRF header like every other write (spec §7). A failure rejects
 * with an ApiError carrying the server's sentences, for the caller to show (spec §8: create
 * failures are shown as danger toasts); a 401 goes to the global handler, which asks for a sign-in.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_ROOT}/${path.replace(/^\//, '')}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(CSRF_COOKIE);
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    const showLoader = options.showLoader ?? true;
    if (showLoader) loader.start();
    let stopped = false;
    const stop = (): void => {
      if (showLoader && !stopped) {
        stopped = true;
        loader.stop();
      }
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      stop();
      let body: unknown = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const errors = errorsOf(body);
      if (xhr.status === 401) {
        // A lost session is the app's to handle, as for every other request (spec §8: to sign in).
        reportFailedRequest({ method: 'POST', path, status: xhr.status, errors });
        return reject(new ApiError(xhr.status, errors, undefined, true, Messages.requestFailed));
      }
      reject(new ApiError(xhr.status, errors, undefined, false, errors[0] ?? Messages.requestFailed));
    };
    xhr.onerror = () => {
      stop();
      reject(new ApiError(0, [], undefined, false, Messages.requestFailed));
    };
    xhr.onabort = () => {
      stop();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
