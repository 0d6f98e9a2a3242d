import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** Library, search and templates (issue 6): filled in by the library module. */
export function registerLibraryModule(_app: App, _deps: Deps): void {}
