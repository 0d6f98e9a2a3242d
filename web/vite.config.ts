import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// The dev API server (npm run dev starts it on 3000); overridable when it runs elsewhere.
const apiTarget = process.env.TENET_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  define: {
    // The built version the client compares with the server's version file (spec §4).
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads the manifest to measure the login route's initial JS.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/version.txt': { target: apiTarget },
      '/dev-server-version.txt': { target: apiTarget },
    },
  },
  preview: { port: 4173 },
});
