/**
 * oidc-provider ships no types; the test peer (oidc-peer.ts) uses this much of it. Only tests and
 * the browser tests start it: it is a devDependency.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContext {
    path: string;
    method: string;
    body: unknown;
    oidc: { client?: { clientId: string }; session?: { accountId?: string }; provider: Provider };
  }

  export interface Account {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    Grant: new (init: { accountId?: string; clientId?: string }) => GrantInstance;
    proxy: boolean;
  }
}
