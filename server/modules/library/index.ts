import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerLibraryRelatedRoutes } from './library-related.routes';
import { registerLibraryRoutes } from './library.routes';
import { registerTemplateRoutes } from './templates/templates.routes';

/** Library, search and templates (issue 6). */
export function registerLibraryModule(app: App, deps: Deps): void {
  registerLibraryRoutes(app, deps);
  registerLibraryRelatedRoutes(app, deps);
  registerTemplateRoutes(app, deps);
}
