import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerLoginAsRoutes } from './login-as.routes';

/** Issue 14: login-as (staff permission 4). */
export function registerLoginAsModule(app: App, deps: Deps): void {
  registerLoginAsRoutes(app, deps);
}
