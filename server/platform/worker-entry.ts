import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

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

/**
 * Starts `server/workers/<name>.worker.ts` in a plain thread (no pool). Compiled, the thread runs
 * the bundled .js. Under TypeScript, Node 20 does not apply `--import tsx` to a worker's own entry
 * module, so a two-line bootstrap registers tsx's hooks inside the thread first, then imports it.
 */
export function startWorker(name: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  const entry = workerEntry(name);
  if (entry.execArgv.length === 0) return new Worker(entry.filename, options);
  const script = pathToFileURL(entry.filename).href;
  // A bare specifier in evaluated code resolves from the working directory: the project's root.
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
