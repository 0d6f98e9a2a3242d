import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';

/** Bulk upload of users from CSV or XLSX, and the import history (issue 13). */
export function registerUserBulkUploadModule(app: App, deps: Deps): void {
  void app;
  void deps;
}
