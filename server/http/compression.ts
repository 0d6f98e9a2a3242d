import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from './routes';

/**
 * Compresses every reply a client accepts compressed (brotli first, then gzip): API JSON, index.html
 * and anything else not already compressed. Hashed web assets are compressed once at build time and
 * sent as they are (server/http/web.ts), so this never spends CPU on them. Brotli at quality 4 keeps
 * the per-request cost close to gzip's while compressing JSON better.
 * Registered before any route, so that its hooks apply to all of them.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
