import { fileURLToPath } from 'node:url';

/** Where a worker thread's script is and how Node must start it. */
export interface WorkerEntry {
  filename: string;
  execArgv: string[];
}

/**
 * Worker scripts live in `server/workers/<name>.worker.ts`. The production build bundles the
 * server into `dist/main.js` and each worker into `dist/workers/<name>.worker.js`, so this file is
 * either its own TypeScript module (tests, `npm run dev`) or inlined into `dist/main.js`. Under
 * TypeScript the worker is started with tsx's loader; compiled, it is plain JavaScript.
 */
export function workerEntry(name: string): WorkerEntry {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return { filename: fileURLToPath(new URL(`../workers/${name}.worker.ts`, here)), execArgv: ['--import', 'tsx'] };
  }
  return { filename: fileURLToPath(new URL(`./workers/${name}.worker.js`, here)), execArgv: [] };
}
