import { registerAuthRoutes } from '../modules/auth/auth.routes';
import { registerContainerModule } from '../modules/containers/index';
import { registerLibraryModule } from '../modules/library/index';
import { registerMailOutboxRoutes } from '../modules/mail-outbox/index';
import { registerNotificationRoutes } from '../modules/notifications/notifications.routes';
import { registerPnpModule } from '../modules/pnps/index';
import { registerReadAckModule } from '../modules/read-acks/index';
import { registerSelfSettingsRoutes } from '../modules/self-settings/index';
import { registerSystemMessageRoutes } from '../modules/system-messages/system-messages.routes';
import { registerTaskModule } from '../modules/tasks/index';
import { registerUserBulkAssignModule } from '../modules/user-bulk-assign/index';
import { registerUserBulkUploadModule } from '../modules/user-bulk-uploads/index';
import { registerUserGroupModule } from '../modules/user-groups/index';
import { registerUserModule } from '../modules/users/index';
import type { Deps } from './deps';
import type { App } from './routes';

/** Every module's routes, in one list: the route matrix test walks whatever is registered here. */
export function registerModules(app: App, deps: Deps): void {
  registerAuthRoutes(app, deps);
  registerSystemMessageRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerSelfSettingsRoutes(app, deps);
  registerMailOutboxRoutes(app, deps);
  registerContainerModule(app, deps);
  registerPnpModule(app, deps);
  registerLibraryModule(app, deps);
  registerTaskModule(app, deps);
  registerReadAckModule(app, deps);
  registerUserModule(app, deps);
  registerUserGroupModule(app, deps);
  registerUserBulkUploadModule(app, deps);
  registerUserBulkAssignModule(app, deps);
}
