import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerReadAckRoutes } from './read-acks.routes';

/** Read acknowledgements (issue 12): beside the P&P routes. */
export function registerReadAckModule(app: App, deps: Deps): void {
  registerReadAckRoutes(app, deps);
}
