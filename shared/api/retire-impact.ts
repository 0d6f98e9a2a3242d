import { z } from 'zod';
import { LinkedPnp } from './pnps';

/**
 * GET o/{org}/pnps/{id}/retire_impact (beyond the spec): what retiring a P&P breaks, shown in the
 * retire dialog so an owner never retires a policy others still point to without knowing.
 */
export const RetireImpact = z.object({
  /** Published P&Ps linking to this one that the caller may see, by name. */
  linking_pnps: z.array(LinkedPnp),
  /** Every published P&P linking here, the ones the caller may not see included (counted, never named). */
  linking_pnps_total: z.number().int(),
  /** Active read acknowledgements that retiring cancels. */
  read_acknowledgements: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Open tasks that retiring closes: what and whose. */
  tasks: z.array(
    z.object({ id: z.number().int(), kind: z.string(), kind_label: z.string(), assignee_name: z.string() }),
  ),
  /** The draft in progress that retiring cancels, if any. */
  draft: z.object({ id: z.number().int(), stage_label: z.string().nullable() }).nullable(),
});
export type RetireImpact = z.infer<typeof RetireImpact>;
export const RetireImpactResponse = z.object({ retire_impact: RetireImpact });
export type RetireImpactResponse = z.infer<typeof RetireImpactResponse>;
