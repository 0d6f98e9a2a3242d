import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** Containers and access (issue 4): filled in by the containers module. */
export function registerContainerModule(_app: App, _deps: Deps): void {}
