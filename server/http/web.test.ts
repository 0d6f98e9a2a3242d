import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { pino } from 'pino';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerCompression } from './compression';
import type { Deps } from './deps';
import type { App } from './routes';
import { registerWeb } from './web';

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
// Larger than the compression threshold, and compressible.
const script = `export const words = ${JSON.stringify('policy and procedure '.repeat(400))};\n`;
// The build's copies (at settings the on-the-fly compression does not use, so they can be told apart).
const scriptBr = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const scriptGz = zlib.gzipSync(script, { level: 1 });
const html = `<!doctype html><html><head><title>Tenet</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let dir: string;
let app: App;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tenet-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the build writes them: the asset, and its brotli and gzip copies beside it.
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br'), scriptBr);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.gz'), scriptGz);
  // An asset the build left uncompressed is compressed on the way out.
  writeFileSync(path.join(dir, 'assets', 'late-Ef56Gh78.css'), `.a{color:red}\n`.repeat(200));

  // registerWeb reads only the configuration, the database's kind and the logger.
  const deps = {
    config: { ...loadConfig({ NODE_ENV: 'test' }), webDist: dir },
    database: { kind: 'pglite' },
    log: pino({ level: 'silent' }),
  } as unknown as Deps;
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  await registerCompression(app);
  app.get('/api/large', () =>
    Promise.resolve({ items: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `P&P ${i}` })) }),
  );
  await registerWeb(app, deps);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web application: caching', () => {
  it('keeps hashed assets for a year, immutable', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(res.body).toBe(script);
  });

  it('has browsers check index.html on every load, at / and at any screen address', async () => {
    for (const url of ['/', '/orgs/1/library']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(html);
    }
  });

  it('does not cache top-level files (their names carry no hash) for a year', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('immutable');
  });
});

describe('web application: compression', () => {
  it("sends an asset's brotli copy when the browser accepts brotli, and says so", async () => {
    const res = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(scriptBr)).toBe(true);
  });

  it("sends the asset's gzip copy to a browser that accepts only gzip", async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(scriptGz)).toBe(true);
  });

  it('sends the plain file when no compression is accepted', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('compresses an asset without a prepared copy, index.html and API replies on the way out', async () => {
    const asset = await app.inject({ url: '/assets/late-Ef56Gh78.css', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe(YEAR_IMMUTABLE);

    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(index.headers['content-encoding']).toBe('gzip');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(index.rawPayload).toString()).toBe(html);

    const api = await app.inject({ url: '/api/large', headers: { 'accept-encoding': 'br, gzip' } });
    expect(api.headers['content-encoding']).toBe('br');
    // A reply of over 8 KB is compressed in one call (its length known), not through a stream.
    const text = zlib.brotliDecompressSync(api.rawPayload).toString();
    expect(text.length).toBeGreaterThan(8_192);
    expect(api.headers['content-length']).toBe(String(api.rawPayload.length));
    const body = JSON.parse(text) as { items: unknown[] };
    expect(body.items).toHaveLength(500);
  });
});
