import type { ApprovalTurnaround } from '../../../shared/api/reporting';
import { http } from '../../lib/api-client';

/** GET o/{org}/reporting/approval_turnaround?from&to (both optional: the server's default is the year up to today). */
export const turnaroundKeys = {
  period: (orgId: string, from: string | null, to: string | null) => ['approval_turnaround', orgId, from, to] as const,
};

/** The screen shows a refusal in place (no reporting role, a bad period), so those skip the global handler. */
export const fetchTurnaround = (orgId: string, from: string | null, to: string | null): Promise<ApprovalTurnaround> =>
  http.get<ApprovalTurnaround>(`o/${encodeURIComponent(orgId)}/reporting/approval_turnaround`, {
    query: { from: from ?? undefined, to: to ?? undefined },
    passThrough: [403, 404, 422],
  });
