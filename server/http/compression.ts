import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from './routes';

/**
 * Compresses every reply a client accepts compressed (brotli first, then gzip): API JSON, index.html
 * and anything else not already compressed. Hashed web assets are compressed once at build time and
 * sent as they are (server/http/web.ts), so this never spends CPU on them. Brotli at quality 2 costs
 * less than gzip for the same size: a library page of 3.9 KB in 24 us and 795 bytes against brotli
 * 4's 53 us and 719 bytes (gzip 6: 26 us, 774 bytes). On two cores that was 20-130 us of a list
 * request's 700-850 us of server CPU (docs/performance.md), for about a tenth more bytes of a reply
 * that is already under a kilobyte.
 * Registered before any route, so that its hooks apply to all of them.
 *
 * Request bodies are never compressed by our clients (the web application, curl, the bulk uploads),
 * so no route decompresses them: the plugin would otherwise add a preParsing hook to every route,
 * paid by every request. A compressed body is refused as any unsupported content would be.
 */
export async function registerCompression(app: App): Promise<void> {
  // Runs before the plugin's own onRoute hook (hooks run in the order they were added).
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // A JSON reply up to 64 KB is compressed in one call on the event loop (brotli 2: about 35 us for
    // the manage tree's 20 KB of binders) rather than through a compression stream and the thread
    // pool, which the plugin does past 8 KB on two cores: the stream's setup cost more than the
    // compression (the binders' request, 1,420-1,490 -> 870-1,030 us of server CPU).
    syncThreshold: 65_536,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 6 },
  });
}
