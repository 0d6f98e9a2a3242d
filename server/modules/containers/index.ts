import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerAccessRoutes } from './access.routes';
import { registerContainerRoutes } from './containers.routes';
import { registerDestinationRoutes } from './destinations.routes';

/** Containers and access (issue 4): the tree, binders and folders, and participants. */
export function registerContainerModule(app: App, deps: Deps): void {
  registerContainerRoutes(app, deps);
  registerDestinationRoutes(app, deps);
  registerAccessRoutes(app, deps);
}
