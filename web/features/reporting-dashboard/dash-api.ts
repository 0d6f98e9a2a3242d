import type { DashFigure, DashFigureResult, DashQuery } from '../../../shared/api/reporting';
import { http } from '../../lib/api-client';

export const dashKeys = {
  figure: (orgId: string, figure: DashFigure, query: DashQuery = {}) =>
    ['reporting', orgId, 'dash', figure, query.from ?? '', query.to ?? ''] as const,
};

/** GET o/{org}/reporting/dash/{figure}: org admins and binder owners, scoped to what they own. */
export const dashApi = {
  figure: (orgId: string, figure: DashFigure, query: DashQuery = {}): Promise<DashFigureResult> =>
    http.get<DashFigureResult>(`o/${encodeURIComponent(orgId)}/reporting/dash/${figure}`, {
      query: { from: query.from, to: query.to },
      // A refused period is shown in its card, not as a page alert.
      passThrough: [422],
    }),
};
