import type { Deps } from '../../http/deps';
import type { App } from '../../http/routes';
import { registerUploadIntake } from '../files/upload-intake';
import { registerPnpDocumentRoutes } from './pnp-documents.routes';
import { registerPnpRoutes } from './pnps.routes';
import { registerRelatedRoutes } from './related.routes';
import { registerRetireImpactRoutes } from './retire-impact.routes';

/**
 * P&Ps, versions, files (issue 5). The routes live in their own plugin scope so the upload intake
 * (multipart read and checked before the request's transaction opens) applies to them alone.
 */
export function registerPnpModule(app: App, deps: Deps): void {
  void app.register((scope, _options, done) => {
    const scoped = scope as unknown as App;
    registerUploadIntake(scoped, deps);
    registerPnpRoutes(scoped, deps);
    registerPnpDocumentRoutes(scoped, deps);
    registerRelatedRoutes(scoped, deps);
    registerRetireImpactRoutes(scoped, deps);
    done();
  });
}
