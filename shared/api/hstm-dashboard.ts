import { z } from 'zod';
import { text } from './primitives';

/** GET hstm/dash/new?search: the staff dashboard (spec §2, §7). */
export const DashboardQuery = z.object({ search: text().trim().max(255).optional() });

export const DashboardOrg = z.object({
  id: z.number().int(),
  name: z.string(),
  tenant: z.string(),
  /** 0 disabled, 1 active, 2 locked. */
  status: z.number().int(),
});
export type DashboardOrg = z.infer<typeof DashboardOrg>;

export const DashboardUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  status: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
});
export type DashboardUser = z.infer<typeof DashboardUser>;

export const DashboardFigures = z.object({
  orgs_active: z.number().int(),
  orgs_disabled: z.number().int(),
  orgs_locked: z.number().int(),
  /** Org users whose sign-in is locked right now after too many failures. */
  users_locked_out: z.number().int(),
});

/**
 * The counts stop at this many (ADR 0025): a provider serving a hundred hospitals has hundreds of
 * thousands of users, and the dashboard counted every one of them on every load.
 */
export const DASHBOARD_COUNT_REACH = 1_000;

/**
 * A list's first rows and how many matched: `total` up to the reach, `total_capped` when more did.
 * `withheld` when the caller's permission numbers do not cover the list: then it has no rows and a
 * total of 0, which say nothing of what matched (an empty list not withheld is "nothing matched").
 */
const counted = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), total_capped: z.boolean(), withheld: z.boolean() });

export const Dashboard = z.object({
  organizations: counted(DashboardOrg),
  users: counted(DashboardUser),
  figures: DashboardFigures,
  /** How many rows each list shows at most. */
  limit: z.number().int(),
});
export type Dashboard = z.infer<typeof Dashboard>;
