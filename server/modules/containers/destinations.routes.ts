import { z } from 'zod';
import { id, queryId, text } from '../../../shared/api/primitives';
import type { Deps } from '../../http/deps';
import { orgRoute, type App } from '../../http/routes';
import { listDestinations } from './destinations.service';

/** How many destinations one answer names at most, and by default. */
export const DESTINATIONS_MAX = 50;
const DESTINATIONS_DEFAULT = 20;
const limitMessage = { message: `Limit must be a whole number from 1 to ${DESTINATIONS_MAX}.` };

/**
 * GET o/{org}/containers/destinations?object_type&object_id[&q][&limit]: the binders and folders a node may
 * be moved or copied into, found by part of their name, for the manage screen's Move and Copy
 * dialogs (the tree is loaded on demand, so the screen cannot search it). Only those the caller may
 * place things in (org admins: all; others: those they own), never the node itself or one of its
 * own folders.
 */
export const DestinationsQuery = z.object({
  /** The node to move or copy: a binder (1), folder (2) or P&P (3), named as the access calls name it. */
  object_type: z.enum(['1', '2', '3'], { message: 'Object type must be 1 (binder), 2 (folder) or 3 (P&P).' }),
  object_id: queryId('Object id'),
  q: text().max(100, 'Search text must be at most 100 characters.').optional(),
  limit: z.coerce
    .number(limitMessage)
    .int(limitMessage)
    .min(1, limitMessage)
    .max(DESTINATIONS_MAX, limitMessage)
    .optional(),
});
export type DestinationsQuery = z.infer<typeof DestinationsQuery>;

export const Destination = z.object({
  id: id(),
  item_type: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  /** Where it sits: the names of the binder and folders above it, top down ('' for a binder). */
  path: z.string(),
  /** Their ids, top down (a screen opens them to show the node where it went). */
  ancestor_ids: z.array(z.number().int()),
});
export const DestinationList = z.object({
  destinations: z.array(Destination),
  /** More binders or folders match than were named: the caller should type more of the name. */
  more: z.boolean(),
});
export type DestinationList = z.infer<typeof DestinationList>;

/** The Move and Copy dialogs' destination search. */
export function registerDestinationRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/containers/destinations',
      summary:
        'Binders and folders a binder, folder (object_type 1, 2) or P&P (3) may be moved or copied into, by part of ' +
        'their name: those the caller may place things in, never the node itself or its own folders',
      schema: { querystring: DestinationsQuery, response: { 200: DestinationList } },
    },
    async (ctx, { query }) =>
      listDestinations(ctx, {
        itemType: Number(query.object_type) as 1 | 2 | 3,
        id: query.object_id,
        q: query.q?.trim() ?? '',
        limit: query.limit ?? DESTINATIONS_DEFAULT,
      }),
  );
}
