import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API_ROOT, CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import type { Session } from '../../shared/api/sessions';
import type { DemoUser } from './users';

/** A file of a multipart form. */
export interface MultipartFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/**
 * Calls the API the way the web client does: cookies kept by the request context, the CSRF cookie
 * echoed in its header on every write. Works on `page.request` (sharing the browser's cookies) or on
 * a context of its own (`TenetApi.create`).
 */
export class TenetApi {
  constructor(private readonly request: APIRequestContext) {}

  /** A context of its own, e.g. a staff session that seeds data while the page is someone else. */
  static async create(baseURL: string): Promise<TenetApi> {
    return new TenetApi(await playwrightRequest.newContext({ baseURL }));
  }

  static async signedIn(baseURL: string, user: DemoUser): Promise<TenetApi> {
    const api = await TenetApi.create(baseURL);
    await api.signIn(user);
    return api;
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }

  private async csrfToken(): Promise<string> {
    const find = async (): Promise<string | undefined> =>
      (await this.request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
    let token = await find();
    if (!token) {
      await this.request.get(`${API_ROOT}/sessions`);
      token = await find();
    }
    if (!token) throw new Error(`The server set no ${CSRF_COOKIE} cookie.`);
    return decodeURIComponent(token);
  }

  private static path(path: string): string {
    return path.startsWith('/') ? path : `${API_ROOT}/${path}`;
  }

  private static async json<T>(response: APIResponse, what: string): Promise<T> {
    if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
    if (response.status() === 204) return undefined as T;
    return (await response.json()) as T;
  }

  async get<T>(path: string): Promise<T> {
    return TenetApi.json<T>(await this.request.get(TenetApi.path(path)), `GET ${path}`);
  }

  async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await this.request.fetch(TenetApi.path(path), {
      method,
      headers: { [CSRF_HEADER]: await this.csrfToken() },
      data: body,
    });
    return TenetApi.json<T>(response, `${method} ${path}`);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  /** A multipart form post (files and fields), as the upload screens send it. */
  async postMultipart<T>(path: string, multipart: Record<string, string | MultipartFile>): Promise<T> {
    const response = await this.request.fetch(TenetApi.path(path), {
      method: 'POST',
      headers: { [CSRF_HEADER]: await this.csrfToken() },
      multipart,
    });
    return TenetApi.json<T>(response, `POST ${path}`);
  }

  delete<T = void>(path: string): Promise<T> {
    return this.send<T>('DELETE', path);
  }

  async signIn(user: DemoUser, tenant?: string): Promise<Session> {
    const session = await this.post<Session>('auth/developer/login', {
      credentials: { login: user.login, password: user.password },
      ...(tenant ? { tenant } : {}),
    });
    expect(session.valid).toBe(true);
    return session;
  }

  async signOut(): Promise<void> {
    await this.delete('sessions');
  }

  session(): Promise<Session> {
    return this.get<Session>('sessions');
  }
}
