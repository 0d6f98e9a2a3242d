import { registerAuthRoutes } from '../modules/auth/auth.routes';
import { registerNotificationRoutes } from '../modules/notifications/notifications.routes';
import { registerSystemMessageRoutes } from '../modules/system-messages/system-messages.routes';
import type { Deps } from './deps';
import type { App } from './routes';

/** Every module's routes, in one list: the route matrix test walks whatever is registered here. */
export function registerModules(app: App, deps: Deps): void {
  registerAuthRoutes(app, deps);
  registerSystemMessageRoutes(app, deps);
  registerNotificationRoutes(app, deps);
}
