import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HEALTH_PATH } from './csrf';
import type { Deps } from './deps';
import type { App } from './routes';

/** index.html names the current assets, so browsers check it on every load. */
export const INDEX_CACHE_CONTROL = 'no-cache';

/**
 * Serves the built web application from the same origin as the API, the version files of spec §7,
 * and an SPA fallback that never answers a missing asset with index.html (a blank page after a rebuild).
 * Hashed assets go out as the brotli or gzip copy the build wrote beside them when the browser
 * accepts it (server/http/compression.ts compresses everything else).
 */
export async function registerWeb(app: App, deps: Deps): Promise<void> {
  const versionText = (): string => deps.config.appVersion;
  app.get('/version.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain').header('cache-control', 'no-store').send(versionText()),
  );
  app.get('/dev-server-version.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain').header('cache-control', 'no-store').send(versionText()),
  );
  app.get(HEALTH_PATH, { schema: { hide: true } }, () =>
    Promise.resolve({ status: 'ok', database: deps.database.kind }),
  );

  const root = deps.config.webDist;
  const indexPath = path.join(root, 'index.html');
  if (!existsSync(indexPath)) {
    deps.log.warn({ root }, 'the web application is not built; only the API is served');
    return;
  }
  // Hashed assets are looked up per request (a rebuild adds new names); top-level files such as
  // the favicon are few and fixed. The top-level registration must not also claim the assets (its
  // routes would win, without the year of caching) nor index.html (served below, never cached).
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    preCompressed: true,
    maxAge: '1y',
    immutable: true,
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    globIgnore: ['assets/**', 'index.html'],
  });
  // Re-read index.html when a rebuild replaces it: a stale copy names assets that no longer exist.
  let cached = { mtimeMs: 0, html: '' };
  const indexHtml = (): string => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
    return cached.html;
  };
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/assets/') || path.extname(url) !== '') {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.type('text/html').header('cache-control', INDEX_CACHE_CONTROL).send(indexHtml());
  });
  app.get('/', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html').header('cache-control', INDEX_CACHE_CONTROL).send(indexHtml()),
  );
}
