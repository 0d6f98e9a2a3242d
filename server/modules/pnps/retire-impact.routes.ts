import { z } from 'zod';
import { RetireImpactResponse } from '../../../shared/api/retire-impact';
import type { Deps } from '../../http/deps';
import { IdParam, orgRoute, type App } from '../../http/routes';
import { retireImpact } from './retire-impact.service';

/** What retiring a P&P breaks (beyond the spec), for the retire dialog. */
export function registerRetireImpactRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnps/:id/retire_impact',
      summary: 'What retiring a P&P breaks: linking P&Ps, read acknowledgements, tasks, the draft',
      schema: { params: z.object({ id: IdParam }), response: { 200: RetireImpactResponse } },
    },
    async (ctx, { params }) => ({ retire_impact: await retireImpact(ctx, params.id) }),
  );
}
