import { DESTINATIONS_DEFAULT, DestinationList, DestinationsQuery } from '../../../shared/api/containers';
import type { Deps } from '../../http/deps';
import { orgRoute, type App } from '../../http/routes';
import { listDestinations } from './destinations.service';

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
