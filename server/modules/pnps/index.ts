import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** P&Ps, versions, files (issue 5): filled in by the P&P module. */
export function registerPnpModule(_app: App, _deps: Deps): void {}
