import type { CandidateList } from '../../../shared/api/access';
import type { ReadAckDetailPage, ReportPage, ReportUser } from '../../../shared/api/reporting';
import type { UserGroupList } from '../../../shared/api/user-groups';
import { Messages } from '../../../shared/domain/messages';
import { ApiError, buildUrl, http, reportFailedRequest, type QueryValue } from '../../lib/api-client';
import { loader } from '../../lib/loader';
import type { ReportApiQuery } from './report-query';

/** The reporting calls of spec §7 (GET o/{org}/reporting/...), and the pickers the filters need. */
const org = (orgId: string): string => `o/${encodeURIComponent(orgId)}`;

/** A report's path: o/{org}/reporting/{report}, or the readers of one read acknowledgement. */
export function reportPath(orgId: string, api: string, readAckId?: string): string {
  return api === 'read_acknowledgement_readers'
    ? `${org(orgId)}/reporting/read_acknowledgements/${encodeURIComponent(readAckId ?? '')}`
    : `${org(orgId)}/reporting/${api}`;
}

export const reportKeys = {
  all: (orgId: string) => ['reports', orgId] as const,
  page: (orgId: string, path: string, query: ReportApiQuery) => ['reports', orgId, 'page', path, query] as const,
  groups: (orgId: string, admin: boolean) => ['reports', orgId, 'groups', admin] as const,
  users: (orgId: string, q: string) => ['reports', orgId, 'users', q] as const,
  user: (orgId: string, id: string) => ['reports', orgId, 'user', id] as const,
};

/**
 * One page of a report. The screen shows a refusal in place (an out-of-scope id, a bad link's
 * filters), so those statuses skip the global handler.
 */
export const fetchReportPage = (path: string, query: ReportApiQuery): Promise<ReportPage | ReadAckDetailPage> =>
  http.get<ReportPage | ReadAckDetailPage>(path, { query, passThrough: [400, 403, 404, 422] });

export interface PickerOption {
  readonly value: string;
  readonly label: string;
}

/**
 * The groups to filter by. Org admins read the org's user groups (GET o/{org}/user_groups, admins
 * only); a binder owner may not, so they choose among the participant candidates' groups
 * (GET o/{org}/access/candidates), which owners may list.
 */
export async function listGroupOptions(orgId: string, admin: boolean): Promise<PickerOption[]> {
  if (admin) {
    const { user_groups } = await http.get<UserGroupList>(`${org(orgId)}/user_groups`);
    return user_groups.map((g) => ({ value: String(g.id), label: g.name }));
  }
  // Groups alone: users and groups together were cut at 500 by name, so groups could be missing.
  const { candidates } = await http.get<CandidateList>(`${org(orgId)}/access/candidates`, {
    query: { type: 'Group', limit: 500 },
  });
  return candidates.map((c) => ({ value: String(c.id), label: c.name }));
}

/** Users whose name or e-mail contains `q` (participant candidates: org admins and owners may list them). */
export async function searchUserOptions(orgId: string, q: string): Promise<PickerOption[]> {
  const { candidates } = await http.get<CandidateList>(`${org(orgId)}/access/candidates`, {
    query: { q: q || undefined, type: 'User', limit: 50 },
  });
  return candidates.map((c) => ({ value: String(c.id), label: c.email ? `${c.name} (${c.email})` : c.name }));
}

/** The user a report is filtered by, labelled as in the User filter's search (null: not one of the org's). */
export async function fetchUserOption(orgId: string, id: string): Promise<PickerOption | null> {
  try {
    const user = await http.get<ReportUser>(`${org(orgId)}/reporting/users/${encodeURIComponent(id)}`, {
      passThrough: [404, 422],
    });
    return { value: String(user.id), label: user.email ? `${user.name} (${user.email})` : user.name };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}

/** The file name of a Content-Disposition header (the UTF-8 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition);
  return plain?.[1] || fallback;
}

async function errorsOfResponse(response: Response): Promise<string[]> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    if (Array.isArray(body.errors)) return body.errors.filter((e): e is string => typeof e === 'string');
  } catch {
    // Not JSON: the generic sentence below.
  }
  return [];
}

/**
 * Downloads a file the server streams (a report export, a retired P&P's zip): the bytes are read as
 * they come, `onProgress` hears how many have arrived (a streamed export has no length up front),
 * then the browser saves the file under the server's name. A refusal throws an ApiError with the
 * server's sentences.
 */
export async function downloadFile(
  path: string,
  query: Readonly<Record<string, QueryValue>> | undefined,
  fallbackName: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  loader.start();
  try {
    const response = await fetch(buildUrl(path, query), { credentials: 'include', signal });
    if (!response.ok) {
      const errors = await errorsOfResponse(response);
      if (response.status === 401) {
        // The session ended (expired, or signed out elsewhere): told as any request's is (spec §8,
        // to the sign-in screen), not as a file that could not be downloaded.
        reportFailedRequest({ method: 'GET', path, status: response.status, errors });
        throw new ApiError(response.status, errors, undefined, true, Messages.requestFailed);
      }
      throw new ApiError(response.status, errors, undefined, false, errors[0] ?? Messages.requestFailed);
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress(received);
      }
    } else {
      const buffer = new Uint8Array(await response.arrayBuffer());
      chunks.push(buffer);
      onProgress(buffer.byteLength);
    }
    const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
    const blob = new Blob(chunks as BlobPart[], {
      type: response.headers.get('content-type') ?? 'application/octet-stream',
    });
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = name;
    anchor.style.display = 'none';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    // The browser has taken the file once the click is handled; the object URL can go a moment later.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return name;
  } finally {
    loader.stop();
  }
}
