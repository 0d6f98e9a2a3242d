import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { acceptRawFileBodies } from './raw-body';
import { registerUserBulkUploadRoutes } from './user-bulk-uploads.routes';

/**
 * Bulk upload of users from CSV or XLSX, and the import history (issue 13). Its routes live in a
 * plugin scope of their own so that the raw file body is accepted by them alone.
 */
export function registerUserBulkUploadModule(app: App, deps: Deps): void {
  void app.register((scope, _options, done) => {
    const scoped = scope as unknown as App;
    acceptRawFileBodies(scoped);
    registerUserBulkUploadRoutes(scoped, deps);
    done();
  });
}
