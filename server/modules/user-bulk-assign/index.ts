import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** Bulk assignment and reassignment of users and groups (issue 13). */
export function registerUserBulkAssignModule(app: App, deps: Deps): void {
  void app;
  void deps;
}
