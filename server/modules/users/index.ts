import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerUserRoutes } from './users.routes';

/** Users of an organisation (issue 13): list, create, edit, delete, logs, welcome e-mails. */
export function registerUserModule(app: App, deps: Deps): void {
  registerUserRoutes(app, deps);
}
