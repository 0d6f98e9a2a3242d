import type { ApprovalTurnaround } from '../../../shared/api/reporting';
import { http } from '../../lib/api-client';

/** What the screen asks of the by-binder and by-person tables: a name each is narrowed to, and a page. */
export interface TurnaroundTables {
  readonly binder: string | null;
  readonly binderPage: string | null;
  readonly person: string | null;
  readonly personPage: string | null;
}

/**
 * GET o/{org}/reporting/approval_turnaround?from&to&binder&binder_page&person&person_page (all
 * optional: the server's default is the year up to today, every name, the first pages).
 */
export const turnaroundKeys = {
  period: (orgId: string, from: string | null, to: string | null, tables: TurnaroundTables) =>
    ['approval_turnaround', orgId, from, to, tables] as const,
};

/** The screen shows a refusal in place (no reporting role, a bad period), so those skip the global handler. */
export const fetchTurnaround = (
  orgId: string,
  from: string | null,
  to: string | null,
  tables: TurnaroundTables,
): Promise<ApprovalTurnaround> =>
  http.get<ApprovalTurnaround>(`o/${encodeURIComponent(orgId)}/reporting/approval_turnaround`, {
    query: {
      from: from ?? undefined,
      to: to ?? undefined,
      binder: tables.binder ?? undefined,
      binder_page: tables.binderPage ?? undefined,
      person: tables.person ?? undefined,
      person_page: tables.personPage ?? undefined,
    },
    passThrough: [403, 404, 422],
  });
