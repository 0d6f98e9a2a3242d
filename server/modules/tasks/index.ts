import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** Tasks (issue 12): the list, the actions taken from it, delegation while away. */
export function registerTaskModule(app: App, deps: Deps): void {
  void app;
  void deps;
}
