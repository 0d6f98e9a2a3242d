import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** User groups (issue 13): list, create, edit, delete, members, change logs. */
export function registerUserGroupModule(app: App, deps: Deps): void {
  void app;
  void deps;
}
