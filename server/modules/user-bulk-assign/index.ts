import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerBulkAssignRoutes } from './bulk-assign.routes';

/** Bulk assignment and reassignment of users and groups (issue 13), and a leaver in one step. */
export function registerUserBulkAssignModule(app: App, deps: Deps): void {
  registerBulkAssignRoutes(app, deps);
}
