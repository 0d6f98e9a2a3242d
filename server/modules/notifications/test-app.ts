import type { App } from '../../http/routes';
import type { Deps } from '../../http/deps';
import { createTestApp, type TestApp } from '../../test/harness';
import { registerMailOutboxRoutes } from '../mail-outbox/mail-outbox.routes';
import { registerSelfSettingsRoutes } from '../self-settings/self-settings.routes';

/**
 * Tests only: the application with the self-settings and mail-outbox routes, whether or not the
 * module list (server/http/modules.ts) registers them yet; registered once either way.
 */
export function createNotificationsTestApp(): Promise<TestApp> {
  return createTestApp(
    {},
    {
      extraRoutes: (app: App, deps: Deps) => {
        if (!app.hasRoute({ method: 'GET', url: '/api/self/settings' })) registerSelfSettingsRoutes(app, deps);
        if (!app.hasRoute({ method: 'GET', url: '/api/hstm/mail_outbox' })) registerMailOutboxRoutes(app, deps);
      },
    },
  );
}
